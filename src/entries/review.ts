/**
 * `charleston-engine/review`: the review of a hand (who passed what to whom, blind counts, what joined each rack,
 * the stop vote, the courtesy exchanges, East's declaration and its answers), made by replaying the hand's log on
 * the engine. Browser-safe; it needs the hand's first table, which is secret, so a host makes it and sends the data.
 */
export { reviewHand, ReviewError } from '../review.js';
export type { HandReview, ReviewPass, ReviewPacket, ReviewOptions, SeatProgress } from '../review.js';
