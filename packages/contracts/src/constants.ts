/** product §9, business constants. */
export const API_VERSION = 'V1';
export const AUTH_BASE = '/api/auth';
export const API_BASE = `/api/${API_VERSION}`;

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_SPECIALS = '@$!%*?&';
export const TEXT_MAX = 500;
export const IMAGE_SEARCH_HINT_MAX = 50;

export const REMEMBER_ME_VALUE = 'true';
export const RESET_REDIRECT_MS = 3000;
export const WIZARD_SLIDE_MS = 500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const WELCOME_STEPS = ['welcome', 'welcome2', 'welcome3'] as const;

export const IMAGE_RESIZE_THRESHOLD_BYTES = 204_800;
export const IMAGE_MAX_SIDE_PX = 800;
export const IMAGE_QUALITY = 0.8;

export const HOME_UNIVERSES_SHOWN = 5;
export const PRODUCT_LIST_SHOWN = 5;
export const HOME_BADGES_SHOWN = 4;
export const EVENT_LIST_SHOWN = 3;

export const TEXTAREA_CHARS_PER_ROW = 30;
export const TEXTAREA_MAX_ROWS = 10;

export const ROLES = { freemium: 'ROLE_FREEMIUM', assure: 'ROLE_ASSURE' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/** Reset links are valid one hour (the token serves once, 1 h). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

// Constants the signed-in pages' first load reads: here, beside no zod schema, so that load does
// not bring the contracts modules that build schemas, nor zod (bench/README.md, JS budgets).
/** The media type a client asks for (`Accept`) to follow the import as it goes; without it the answer is one JSON object. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
/** The notifications page's size: the list screen asks for this many, then the next ones. */
export const NOTIFICATIONS_PAGE = 20;
/** What a self-hosted instance says before its operator configures anything. */
export const DEFAULT_EDITOR_NAME = 'l’administrateur de cette instance EcoFoyer';
/** The calendar's lists read this many events at a time. */
export const EVENTS_PAGE = 20;
/** The page size of the inventory (a large household's list comes in pages). */
export const APPLIANCES_PAGE = 60;
/** The most answers a search gives: a longer list asks for a more precise query. */
export const APPLIANCE_SEARCH_MAX = 50;
