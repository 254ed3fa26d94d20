// Reddit's "hot" rank: the order of magnitude of the score plus a steady drift with age,
// so a post needs ten times the score to outrank one 12.5 hours newer.
export const HOT_EPOCH_SECONDS = 1134028003;

export function hotScore(upvotes: number, downvotes: number, createdAtMs: number): number {
  const s = upvotes - downvotes;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  const sign = s > 0 ? 1 : s < 0 ? -1 : 0;
  const seconds = createdAtMs / 1000 - HOT_EPOCH_SECONDS;
  return Math.round((sign * order + seconds / 45000) * 1e7) / 1e7;
}
