import { detailPart } from "./detail-part.tsx";

// The kit's own detail parts (kit/detail-part.tsx), for the declarations that show them: the review's actions and
// history (owners, boxes), and the viewers of documents and pictures.

export const ReviewActions = detailPart(() => import("./review-actions.tsx").then((module) => module.ReviewActions));
export const DecisionHistory = detailPart(() =>
  import("./review-actions.tsx").then((module) => module.DecisionHistory),
);
export const DocumentGallery = detailPart(() =>
  import("./document-viewer.tsx").then((module) => module.DocumentGallery),
);
export const ImageCarousel = detailPart(() => import("./image-carousel.tsx").then((module) => module.ImageCarousel));
export const VenuePin = detailPart(() => import("./venue-pin.tsx").then((module) => module.VenuePin));

/** Loads a reviewed record's detail parts (an owner's): its review's actions and history, and its documents. */
export const loadReviewDetail = () =>
  Promise.all([ReviewActions.preload(), DecisionHistory.preload(), DocumentGallery.preload()]);

/** Loads a box's detail parts: a reviewed record's, its pictures and its place in the venue. */
export const loadBoxDetail = () => Promise.all([loadReviewDetail(), ImageCarousel.preload(), VenuePin.preload()]);
