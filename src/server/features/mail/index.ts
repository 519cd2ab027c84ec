// The mail feature's public face: every email is written here (docs/decisions/0028).
export { createMail, MAIL_JOBS, type Mail } from './service';
