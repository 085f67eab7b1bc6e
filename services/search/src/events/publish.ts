/**
 * The search service publishes no events: it is a read model built from `catalogue.company.*`
 * (and, later, `reviews.rating.changed`). Kept so every service has the same skeleton; an event
 * this service ever publishes goes through the outbox (`enqueueEvent`) from here.
 */
export {};
