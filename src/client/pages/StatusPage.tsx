import { StatusBoard } from '../features/status';

/** /status: the store's public status and its incidents (decision 0094). */
export default function StatusPage() {
  return <StatusBoard />;
}
