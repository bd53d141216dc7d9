import {
  adminTicketPage,
  envelope,
  SUPPORT_MESSAGES,
  TICKET_ATTACHMENT_MAX_BYTES,
  ticketDetails,
  ticketIssueTypesData,
  ticketPage,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, shippedMail, type TestApp } from "./harness.ts";

// A real 1x1 PNG and a minimal real PDF: the server checks content, so fixtures must be true files.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

type Attachment = { name: string; type: string; bytes: Buffer };

function form(fields: Record<string, string>, files: Attachment[] = [], fileField = "attachments[]") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const f of files) body.append(fileField, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return body;
}

const ticketFields = (overrides: Record<string, string> = {}) => ({
  issue_type: "1",
  subject: "Parcel arrived damaged",
  message: "The box was crushed and the item inside is broken.",
  email: "someone@example.org",
  phone: "5550101234",
  ...overrides,
});

describe.each(dbKinds)("support tickets on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let adminToken: string;

  const send = async (method: "POST" | "GET", url: string, token: string | undefined, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: safeJson(res.body) };
  };
  const store = (token: string, body: FormData | Record<string, unknown>) =>
    send("POST", "/api/support-ticket/store", token, body);
  const ticketCount = async () =>
    Number(
      (
        await t.dbh.db
          .selectFrom("support_tickets")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await openTestApp(kind);
    [alice, bob] = (await newShoppers(t.dbh, 2)) as [typeof alice, typeof bob];
    const login = await http.post("/api/login", { phone: "admin@example.com", password: "password" });
    adminToken = login.body.data.access.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lists the issue types in the request's language", async () => {
    const en = envelope(ticketIssueTypesData).parse((await http.get("/api/ticket-issue-types")).body).data;
    expect(en.issue_types.map((i) => i.name)).toContain("Payment issue");
    const res = await t.app.inject({ url: "/api/ticket-issue-types", headers: { "accept-language": "ar" } });
    expect(res.json().data.issue_types.map((i: { name: string }) => i.name)).toContain("مشكلة في الدفع");
  });

  it("opens a ticket with a random number, pending, holding the first message", async () => {
    const res = await store(alice.token, form(ticketFields()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(SUPPORT_MESSAGES.created);
    const ticket = ticketDetails.parse(res.body.data);
    expect(ticket.ticket_number).toMatch(/^TK-[0-9A-Z]{10}$/);
    expect(ticket).toMatchObject({ status: "pending", subject: "Parcel arrived damaged", order_number: null });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ sender: "user", attachments: [] });
    // Two tickets never share a number, and numbers do not follow each other.
    const other = ticketDetails.parse((await store(alice.token, form(ticketFields()))).body.data);
    expect(other.ticket_number).not.toBe(ticket.ticket_number);
  });

  it("refuses bad fields with field messages and writes nothing", async () => {
    const before = await ticketCount();
    const noMessage = await store(alice.token, form(ticketFields({ message: "  " })));
    expect(noMessage.status).toBe(422);
    expect(noMessage.body.errors.message).toEqual(["The message field is required."]);
    const badEmail = await store(alice.token, form(ticketFields({ email: "not-an-email" })));
    expect(badEmail.body.errors.email).toEqual(["The email field must be a valid email address."]);
    const badType = await store(alice.token, form(ticketFields({ issue_type: "999999" })));
    expect(badType.status).toBe(422);
    expect(badType.body.errors.issue_type).toEqual([SUPPORT_MESSAGES.issueTypeInvalid]);
    const noType = await store(alice.token, { ...ticketFields(), issue_type: undefined });
    expect(noType.body.errors.issue_type).toEqual(["The issue type field is required."]);
    const long = await store(alice.token, form(ticketFields({ subject: "x".repeat(151) })));
    expect(long.body.errors.subject).toEqual(["The subject field must not be greater than 150 characters."]);
    expect(await ticketCount()).toBe(before);
    expect((await http.post("/api/support-ticket/store", ticketFields())).status).toBe(401);
  });

  it("accepts only the shopper's own order number", async () => {
    const now = new Date().toISOString();
    const shop = await t.dbh.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow();
    const payment = await t.dbh.db
      .insertInto("payments")
      .values({ user_id: bob.id, method: "cash", amount: 1000, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const money = { total_amount: 1000, discount: 0, coupon_discount: 0, delivery_charge: 0, tax_amount: 0 };
    await t.dbh.db
      .insertInto("orders")
      .values({
        user_id: bob.id,
        shop_id: shop.id,
        payment_id: payment.id,
        order_code: "#ZZ123456",
        order_status: "Pending",
        payment_status: "Pending",
        payment_method: "cash",
        quantity: 1,
        ...money,
        payable_amount: 1000,
        currency: JSON.stringify({ name: "USD", symbol: "$", position: "prefix", decimals: 2 }),
        address: "{}",
        created_at: now,
        updated_at: now,
      })
      .execute();

    const notYours = await store(alice.token, form(ticketFields({ order_number: "#ZZ123456" })));
    expect(notYours.status).toBe(422);
    expect(notYours.body.errors.order_number).toEqual([SUPPORT_MESSAGES.orderNotYours]);
    const unknown = await store(bob.token, form(ticketFields({ order_number: "#ZZ999999" })));
    expect(unknown.body.errors.order_number).toEqual([SUPPORT_MESSAGES.orderNotYours]);
    // Typed without the "#" and in lower case, it still names Bob's order; the ticket keeps its code.
    const own = await store(bob.token, form(ticketFields({ order_number: "zz123456" })));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.order_number).toBe("#ZZ123456");
  });

  it("keeps jpg, png and pdf attachments checked by content, downloadable only by the owner and staff", async () => {
    const res = await store(
      alice.token,
      form(ticketFields(), [
        { name: "receipt.pdf", type: "application/pdf", bytes: PDF },
        { name: "photo.png", type: "image/png", bytes: PNG },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ticket = ticketDetails.parse(res.body.data);
    const files = ticket.messages[0]?.attachments ?? [];
    expect(files.map((f) => [f.name, f.mime, f.size])).toEqual([
      ["receipt.pdf", "application/pdf", PDF.length],
      ["photo.png", "image/png", PNG.length],
    ]);
    // No public link: the answer names files by id only.
    expect(JSON.stringify(res.body)).not.toContain("/uploads/");

    const url = `/api/support-ticket/${ticket.ticket_number}/attachments/${files[0]?.id}`;
    const mine = await send("GET", url, alice.token);
    expect(mine.status).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["content-disposition"]).toContain('attachment; filename="receipt.pdf"');
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(Buffer.compare(mine.raw, PDF)).toBe(0);
    expect((await send("GET", url, bob.token)).status).toBe(404);
    expect((await send("GET", url, undefined)).status).toBe(401);
    const staff = await send(
      "GET",
      `/api/admin/support-tickets/${ticket.ticket_number}/attachments/${files[1]?.id}`,
      adminToken,
    );
    expect(staff.status).toBe(200);
    expect(Buffer.compare(staff.raw, PNG)).toBe(0);
    expect(
      (await send("GET", `/api/admin/support-tickets/${ticket.ticket_number}/attachments/${files[1]?.id}`, alice.token))
        .status,
    ).toBe(403);
  });

  it("refuses more than 5 files, files over 2 MB and files whose content is not jpg, png or pdf", async () => {
    const before = await ticketCount();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, type: "image/png", bytes: PNG }));
    const tooMany = await store(alice.token, form(ticketFields(), six));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.attachments).toEqual([SUPPORT_MESSAGES.tooManyFiles]);

    const big = Buffer.concat([PDF, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1 - PDF.length, 32)]);
    const tooLarge = await store(
      alice.token,
      form(ticketFields(), [{ name: "big.pdf", type: "application/pdf", bytes: big }]),
    );
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors.attachments).toEqual([SUPPORT_MESSAGES.fileTooLarge]);

    const forged = Buffer.from("this is plain text pretending to be a picture\n");
    const fake = await store(
      alice.token,
      form(ticketFields(), [{ name: "fake.png", type: "image/png", bytes: forged }]),
    );
    expect(fake.status).toBe(422);
    expect(fake.body.errors.attachments).toEqual([SUPPORT_MESSAGES.fileBadType]);

    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const script = await store(
      alice.token,
      form(ticketFields(), [{ name: "x.pdf", type: "application/pdf", bytes: html }]),
    );
    expect(script.body.errors.attachments).toEqual([SUPPORT_MESSAGES.fileBadType]);
    expect(await ticketCount()).toBe(before);

    // Exactly 5 files of exactly 2 MB is within the limits.
    const max = Buffer.concat([PDF, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES - PDF.length, 32)]);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.pdf`, type: "application/pdf", bytes: max }));
    const ok = await store(alice.token, form(ticketFields(), five));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.messages[0].attachments).toHaveLength(5);
  });

  it("shows a ticket only to its owner", async () => {
    const ticket = (await store(alice.token, form(ticketFields({ subject: "Alice only" })))).body.data;
    const url = `/api/support-ticket/${ticket.ticket_number}`;
    expect((await send("GET", url, alice.token)).status).toBe(200);
    const other = await send("GET", url, bob.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Ticket not found");
    expect((await send("POST", `${url}/message`, bob.token, form({ message: "hi" }))).status).toBe(404);
    expect((await send("GET", "/api/support-ticket/TK-0000000000", alice.token)).status).toBe(404);
    const bobsList = ticketPage.parse((await http.get("/api/support-tickets?per_page=100", bob.token)).body.data);
    expect(bobsList.data.map((x) => x.ticket_number)).not.toContain(ticket.ticket_number);
  });

  it("lets the shopper reply with files and see the staff's answer; closed tickets take no more replies", async () => {
    const ticket = (await store(alice.token, form(ticketFields({ subject: "Talk to me" })))).body.data;
    const url = `/api/support-ticket/${ticket.ticket_number}`;
    const reply = await send(
      "POST",
      `${url}/message`,
      alice.token,
      form({ message: "Here is a photo." }, [{ name: "box.png", type: "image/png", bytes: PNG }]),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.message).toBe(SUPPORT_MESSAGES.replied);
    expect(reply.body.data.messages.at(-1)).toMatchObject({ message: "Here is a photo.", sender: "user" });
    expect(reply.body.data.messages.at(-1).attachments[0]).toMatchObject({ name: "box.png", mime: "image/png" });
    const empty = await send("POST", `${url}/message`, alice.token, form({ message: "" }));
    expect(empty.body.errors.message).toEqual(["The message field is required."]);

    const adminUrl = `/api/admin/support-tickets/${ticket.ticket_number}`;
    // The notice is written in the shopper's language, whatever the admin's page's.
    await t.dbh.db.updateTable("users").set({ locale: "ar" }).where("id", "=", alice.id).execute();
    const answer = await send(
      "POST",
      `${adminUrl}/message`,
      adminToken,
      form({ message: "Sorry! A new one is on its way." }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const seen = ticketDetails.parse((await send("GET", url, alice.token)).body.data);
    expect(seen.status).toBe("confirm");
    expect(seen.messages.at(-1)).toMatchObject({ sender: "staff", message: "Sorry! A new one is on its way." });
    // It tells her to sign in and open the ticket: it goes to her account's address, which can,
    // not to the one typed on the form.
    const account = await t.dbh.db.selectFrom("users").select("email").where("id", "=", alice.id).executeTakeFirst();
    const mailsTo = (to: string) =>
      t.dbh.db
        .selectFrom("outbox")
        .select("subject")
        .where("recipient", "=", to)
        .where("subject", "like", `%${ticket.ticket_number}%`)
        .execute();
    expect((await mailsTo(account?.email ?? "")).map((m) => m.subject)).toEqual([
      shippedMail("ar", "ticket_reply_subject", { ticket: ticket.ticket_number }),
    ]);
    expect(await mailsTo("someone@example.org")).toEqual([]);
    // The bell says so too, and leads to the ticket by its number; it is about no order.
    const told = (await send("GET", "/api/notifications", alice.token)).body.data;
    expect(told.data[0]).toMatchObject({
      kind: "ticket_answered",
      order_id: null,
      read: false,
      params: { code: ticket.ticket_number },
    });
    expect(told.unread).toBeGreaterThan(0);
    await t.dbh.db.updateTable("users").set({ locale: null }).where("id", "=", alice.id).execute();

    // The shopper's follow-up puts the answered ticket back in the queue of tickets to answer.
    const followUp = await send("POST", `${url}/message`, alice.token, form({ message: "It has not come yet." }));
    expect(followUp.status, JSON.stringify(followUp.body)).toBe(200);
    expect(followUp.body.data.status).toBe("pending");
    const queue = await send("GET", "/api/admin/support-tickets?status=pending&per_page=100", adminToken);
    expect(queue.body.data.data.map((r: { ticket_number: string }) => r.ticket_number)).toContain(ticket.ticket_number);

    const closed = await send("POST", `${adminUrl}/status`, adminToken, { status: "completed" });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(SUPPORT_MESSAGES.statusChanged);
    // The bell tells the shopper it was closed (once: closing it again, as cancelled, is no news).
    expect((await send("POST", `${adminUrl}/status`, adminToken, { status: "cancel" })).status).toBe(200);
    const bell = (await send("GET", "/api/notifications", alice.token)).body.data.data;
    expect(bell[0]).toMatchObject({ kind: "ticket_closed", params: { code: ticket.ticket_number }, read: false });
    expect(bell.filter((n: { kind: string }) => n.kind === "ticket_closed")).toHaveLength(1);
    const late = await send("POST", `${url}/message`, alice.token, form({ message: "One more thing" }));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SUPPORT_MESSAGES.closed);
    expect((await send("POST", `${adminUrl}/status`, adminToken, { status: "archived" })).status).toBe(422);
  });

  it("filters by status for the shopper and the admin, pages bounded", async () => {
    const [carol] = await newShoppers(t.dbh, 1);
    const token = (carol as { token: string }).token;
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++)
      numbers.push((await store(token, form(ticketFields({ subject: `T${i}` })))).body.data.ticket_number);
    await send("POST", `/api/admin/support-tickets/${numbers[1]}/status`, adminToken, { status: "cancel" });

    const list = async (q: string) => ticketPage.parse((await http.get(`/api/support-tickets${q}`, token)).body.data);
    expect((await list("")).total).toBe(3);
    expect((await list("?status=cancel")).data.map((x) => x.ticket_number)).toEqual([numbers[1]]);
    expect((await list("?status=pending")).data.map((x) => x.ticket_number).sort()).toEqual(
      [numbers[0], numbers[2]].sort(),
    );
    const paged = await list("?per_page=2&page=2");
    expect(paged).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);
    expect((await http.get("/api/support-tickets?status=open", token)).status).toBe(422);
    expect((await http.get("/api/support-tickets?per_page=1000", token)).status).toBe(422);

    const admin = adminTicketPage.parse(
      (await http.get("/api/admin/support-tickets?status=cancel&per_page=100", adminToken)).body.data,
    );
    const row = admin.data.find((x) => x.ticket_number === numbers[1]);
    expect(row?.customer.id).toBe((carol as { id: number }).id);
    expect(admin.data.every((x) => x.status === "cancel")).toBe(true);
    expect((await http.get("/api/admin/support-tickets", token)).status).toBe(403);
    expect((await http.get("/api/admin/support-tickets")).status).toBe(401);
  });

  it("limits how many tickets one shopper opens in an hour", async () => {
    const [dave] = await newShoppers(t.dbh, 1);
    const token = (dave as { token: string }).token;
    for (let i = 0; i < 10; i++) expect((await store(token, ticketFields())).status).toBe(200);
    const eleventh = await store(token, ticketFields());
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(`${SUPPORT_MESSAGES.tooManyTickets} Please try again in 60 minutes.`);
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(3500);
  });
});

function safeJson(text: string) {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return JSON.parse(text) as any;
  } catch {
    return null;
  }
}
