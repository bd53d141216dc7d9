import { z } from "zod";
import { idParam, pageQuery, paginated, slugParams, textLang } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { email, search, text } from "./fields.ts";

export const blogCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  total_posts: z.number().int(),
});
export const blogPost = z.object({
  id: z.number().int(),
  title: z.string(),
  title_lang: textLang,
  slug: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  post_by: z.object({ name: z.string(), profile_photo: z.string().nullable() }),
  thumbnail: z.string(),
  total_views: z.number().int(),
  description: z.string(), // excerpt
  description_lang: textLang,
  created_at: z.string(),
  is_new: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPost>;
export const blogPostDetails = blogPost.extend({ body: z.string(), body_lang: textLang, tags: z.array(z.string()) });
export type BlogPostDetails = z.infer<typeof blogPostDetails>;

export const blogsQuery = z
  .object({
    ...pageQuery,
    category_id: idParam.optional(),
    search: search(),
  })
  .strict();

export const page = z.object({
  slug: z.string(),
  title: z.string(),
  title_lang: textLang,
  body: z.string(),
  body_lang: textLang,
});
export type Page = z.infer<typeof page>;

export const contactUs = z
  .object({
    name: text("name", 100),
    email: email(),
    subject: text("subject", 200),
    message: text("message", 2000),
  })
  .strict();
export type ContactUs = z.infer<typeof contactUs>;

export const blogCategoriesAnswer = z.object({ categories: z.array(blogCategory) });
/** `GET /blogs/{slug}`: the post and up to 3 related posts (same category first). */
export const blogPostAnswer = z.object({ post: blogPostDetails, related: z.array(blogPost) });
export const contactUsAnswer = z.object({ message: z.string() });

export const contentApi = endpoints({
  "GET /blogs": { query: blogsQuery, data: paginated(blogPost) },
  "GET /blog-categories": { data: blogCategoriesAnswer },
  "GET /blogs/:slug": { params: slugParams, data: blogPostAnswer },
  "GET /pages/:slug": { params: slugParams, data: page },
  /** answers the thanks as its message */
  "POST /contact-us": { body: contactUs, data: z.null() },
});
