/**
 * The one product the browser journeys' store delivers in New York only (prepare-store.ts): the seed sells every size
 * for delivery in Chicago too, so a line moves to Chicago's offer when the shopper changes zip (decision 082's move);
 * this one is what 60601 truly cannot sell, named as leaving or kept for 10001. Marrow bones because no other journey
 * buys, searches or lists it (offal, not in a restaurant's offers); sold Same Day at 10001, the journeys' area.
 */
export const newYorkOnly = { name: 'Beef Marrow Bones, Canoe Cut', query: 'marrow', chicagoLocId: 103, newYorkLocId: 101 } as const;
