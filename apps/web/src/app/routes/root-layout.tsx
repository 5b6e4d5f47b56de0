import { useEffect } from "react";
import { Outlet, useNavigation } from "react-router";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/session";
import { applyTheme } from "@/lib/theme";

/** Loads the third-party chat assistant once per page load when the server configures one. */
function useChatWidget(url: string | null | undefined) {
  useEffect(() => {
    if (!url) return;
    if (document.querySelector("script[data-chat-widget]")) return;
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.chatWidget = "true";
    document.body.appendChild(script);
  }, [url]);
}

/**
 * Wraps every route, bare or not: the route-change spinner (navigation state covers loaders
 * and lazy chunks, and returns to idle when the change fails too), the theme and the chat embed.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const session = useSession();
  const theme = session?.user?.preferences.theme;
  useChatWidget(session?.chatWidgetUrl);
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return (
    <>
      {navigation.state !== "idle" && <FullScreenSpinner />}
      <Outlet />
    </>
  );
}
