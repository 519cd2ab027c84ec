// The auth feature's face: sign-in, sign-up, password setup and reset, and the customer's session.
export { ResendSetupLinkForm } from './ResendSetupLinkForm';
export { useSendSignedInToAccount } from './send-signed-in-to-account';
export { SetupLink } from './SetupLink';
export { SignInForm } from './SignInForm';
export { SignUpForm } from './SignUpForm';
