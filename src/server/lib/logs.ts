/** Where failures after a committed payment are reported: a request's or a job's logger. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** Where a completion also says why it refused a payment. */
export interface PaymentLog extends ErrorLog {
  warn(details: object, message: string): void;
}
