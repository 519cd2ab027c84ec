// The status feature's face: the public status page (decision 0094).
export { StatusBoard } from './StatusBoard';
