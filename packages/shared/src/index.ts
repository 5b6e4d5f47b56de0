export * from "./enums";
export * from "./permissions";
export * from "./limits";
export * from "./password";
export * from "./errors";
export * from "./auth";
export * from "./tenants";
