// The demo card network's form fields (D7), shared by checkout's payment and the account's "Update card"; never on the landing page.
export { DemoCardFields } from './DemoCardFields';
