// Who made a change, as the audit log names them. A plain fact every feature's writes
// carry, so it lives here rather than behind the audit feature's face (decision 0084).

/** The administrator acting, as the change's route knows them. */
export interface AuditActor {
  id: string;
  username: string;
}

/** A customer acting on their own device, as the audit log names them: by account id and email. */
export interface CustomerActor {
  id: string;
  email: string;
}
