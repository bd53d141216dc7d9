// The content feature's public entry: everything the app and other features use of it;
// they import nothing else from features/content/ (lint:deps).
export { BlogCard, BlogCardSkeleton, blogDate } from "./blog-card.tsx";
export { ContactForm } from "./contact-form.tsx";
export { PageBodySkeleton, PageView, StaticPage } from "./page-view.tsx";
export { BLOGS_PER_PAGE, useBlogCategories, useBlogPost, useBlogs, usePage } from "./queries.ts";
