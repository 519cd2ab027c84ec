// The policies feature's face: the public pages of the terms, privacy and refund policies (decision 0097).
export { PolicyView } from './PolicyView';
