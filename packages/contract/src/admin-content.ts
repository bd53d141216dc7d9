import { endpoints } from "./endpoint.ts";

// The admin console. Storefront content: banners, navbar menu items, footer sections, static pages, blog posts and blog categories.

export const adminContentApi = endpoints({});
