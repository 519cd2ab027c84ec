/** A User-Agent longer than this is cut: an order keeps what identifies a browser, not whatever a client sends (decision 0097). */
const USER_AGENT_MAX = 512;

/** The request's User-Agent as the store keeps it; '' when the browser sent none. */
export const userAgentOf = (headers: { 'user-agent'?: string | undefined }) => (headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
