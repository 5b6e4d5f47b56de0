import { benchmark } from "./automation-rules.bench";
for (const f of await benchmark.run()) console.log(f.name, f.value.toFixed(1), f.unit);
