// Every declared call of the API by its key, as types only: what the web imports, so the
// declarations' schemas stay out of its JavaScript.

import type { allEndpoints } from "./all-endpoints.ts";
import type { Endpoint, EndpointData, EndpointInput } from "./endpoint.ts";

export type Api = typeof allEndpoints;
export type ApiKey = keyof Api;
export type InputOf<K extends ApiKey> = EndpointInput<Api[K] & Endpoint>;
export type DataOf<K extends ApiKey> = EndpointData<Api[K] & Endpoint>;
