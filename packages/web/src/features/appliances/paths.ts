/** Where an appliance's pages are (the spec's routes carry no id: it travels in the query). */
export const applianceDetailPath = (id: number) => `/inventaire/univers/appliance/fichedetail?id=${id}`;
export const applianceUpdatePath = (id: number) => `/inventaire/univers/appliance/update?id=${id}`;
export const universeDetailPath = (id: number) => `/inventaire/univers/${id}/detail`;
export const universeUpdatePath = (id: number) => `/inventaire/univers/update?id=${id}`;
