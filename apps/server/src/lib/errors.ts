// Domain errors thrown by services; one handler in app.ts maps them to HTTP answers.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
export const notFound = (what = "Resource") => new AppError(404, `${what} not found`);
export const unauthorized = () => new AppError(401, "Unauthenticated.");
export const forbidden = () => new AppError(403, "This action is unauthorized.");
export const badRequest = (message: string) => new AppError(400, message);
export const fieldError = (field: string, message: string) => new AppError(422, message, { [field]: [message] });
