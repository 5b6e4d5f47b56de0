import { errorCodes } from "@watchfloor/shared";

export interface FieldProblem {
  path: string;
  message: string;
}

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldProblem[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new AppError(404, errorCodes.notFound, `${what} not found.`);
export const forbidden = (message = "Your role does not allow this.") => new AppError(403, errorCodes.forbidden, message);
export const unauthenticated = (message = "Sign in to continue.") => new AppError(401, errorCodes.unauthenticated, message);
export const conflict = (message: string, details?: FieldProblem[]) => new AppError(409, errorCodes.conflict, message, details);
export const invalid = (path: string, message: string) =>
  new AppError(400, errorCodes.validation, "The request has invalid fields.", [{ path, message }]);
