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
  // A session with a step pending (second factor, temporary password, enrolment) can do nothing else.
  if (session.user.pending) throw redirect(stepPath(request));
  return null;
}

const stepPath = (request: Request) => {
  const url = new URL(request.url);
  const own = url.pathname === paths.accountStep || url.pathname === paths.login;
  const back = own ? url.searchParams.get("returnTo") : `${url.pathname}${url.search}`;
  return `${paths.accountStep}?${new URLSearchParams({ returnTo: safeReturnTo(back) })}`;
};

/** The step page: for signed-in sessions with something pending; others go on. */
export async function requirePendingStep({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  const url = new URL(request.url);
  if (!session.user) throw redirect(loginPath());
  if (!session.user.pending) throw redirect(safeReturnTo(url.searchParams.get("returnTo")));
  return null;
}

/** /login is for signed-out people; a signed-in visitor goes on to where they were headed. */
export async function guestOnly({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  if (session.user?.pending) throw redirect(stepPath(request));
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
