/**
 * The spec's fallback when a failed call or a refusal brings no words of its own (capital W, full stop: the offline
 * 'Something Went wrong' is another text). Its own module: the first load's HTTP client needs only this text, and
 * importing messages.ts would bring every text of every screen into the first load (115 kB gzip budget).
 */
export const somethingWentWrongMessage = 'Something Went Wrong.';
