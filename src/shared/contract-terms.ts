// The contract's limits the screens show, without zod, so that a form can say them without the validators.

/** The photos a valuation line may name as its evidence: a certificate's rows of thumbnails, and a few more. */
export const MAX_VALUATION_LINE_PHOTOS = 12;
