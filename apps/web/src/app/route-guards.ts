import { type LoaderFunctionArgs, redirect } from "react-router";
import { loginPath, paths, safeReturnTo } from "@/config/paths";
import { ensureSession } from "@/lib/session";

/** Signed-out visitors go to /login and come back to where they were going. */
export async function requireUser({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  if (!session.user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`, session.sessionExpired === true));
  }
  return null;
}

/** /login is for signed-out people; a signed-in visitor goes on to where they were headed. */
export async function guestOnly({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  if (session.user) throw redirect(safeReturnTo(new URL(request.url).searchParams.get("returnTo")));
  return null;
}

/** /signup: signed-in people only come here to accept an invitation. */
export async function signupGuard({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  const url = new URL(request.url);
  if (session.user && !url.searchParams.get("invite")) throw redirect(paths.dashboard);
  return null;
}
