// The demo marketplace's site configuration and editorial content.
import { artworkUrl } from "../../modules/media/art-images.ts";
import type { Words } from "./catalog-data.ts";

export const APP_NAME = "ReadyMart";

/** A generated picture: WebP in several widths when it has no text, else an SVG with its label. */
export const media = artworkUrl;

/** i18n column JSON from [en, ar, fr] words per field. */
export function i18n(fields: Record<string, Words>): string {
  const ar: Record<string, string> = {};
  const fr: Record<string, string> = {};
  for (const [field, [, a, f]] of Object.entries(fields)) {
    ar[field] = a;
    fr[field] = f;
  }
  return JSON.stringify({ ar, fr });
}

export const LANGUAGES = [
  { locale: "en", name: "English", title: "English", direction: "ltr" as const, is_default: 1, sort: 1 },
  { locale: "ar", name: "Arabic", title: "العربية", direction: "rtl" as const, is_default: 0, sort: 2 },
  { locale: "fr", name: "French", title: "Français", direction: "ltr" as const, is_default: 0, sort: 3 },
];

export const CURRENCIES = [
  { name: "USD", symbol: "$", position: "prefix" as const, rate: 1, is_default: 1, sort: 1 },
  { name: "EUR", symbol: "€", position: "suffix" as const, rate: 0.92, is_default: 0, sort: 2 },
  { name: "GBP", symbol: "£", position: "prefix" as const, rate: 0.79, is_default: 0, sort: 3 },
  { name: "SAR", symbol: "ر.س", position: "suffix" as const, rate: 3.75, is_default: 0, sort: 4 },
];

// [name, ISO code, phone code], alphabetical by name.
export const COUNTRIES: ReadonlyArray<readonly [string, string, string]> = [
  ["Algeria", "DZ", "+213"],
  ["Australia", "AU", "+61"],
  ["Bahrain", "BH", "+973"],
  ["Bangladesh", "BD", "+880"],
  ["Belgium", "BE", "+32"],
  ["Brazil", "BR", "+55"],
  ["Canada", "CA", "+1"],
  ["Egypt", "EG", "+20"],
  ["France", "FR", "+33"],
  ["Germany", "DE", "+49"],
  ["India", "IN", "+91"],
  ["Indonesia", "ID", "+62"],
  ["Italy", "IT", "+39"],
  ["Japan", "JP", "+81"],
  ["Jordan", "JO", "+962"],
  ["Kuwait", "KW", "+965"],
  ["Lebanon", "LB", "+961"],
  ["Malaysia", "MY", "+60"],
  ["Mexico", "MX", "+52"],
  ["Morocco", "MA", "+212"],
  ["Netherlands", "NL", "+31"],
  ["Nigeria", "NG", "+234"],
  ["Oman", "OM", "+968"],
  ["Pakistan", "PK", "+92"],
  ["Qatar", "QA", "+974"],
  ["Saudi Arabia", "SA", "+966"],
  ["Singapore", "SG", "+65"],
  ["South Africa", "ZA", "+27"],
  ["Spain", "ES", "+34"],
  ["Switzerland", "CH", "+41"],
  ["Tunisia", "TN", "+216"],
  ["Turkey", "TR", "+90"],
  ["United Arab Emirates", "AE", "+971"],
  ["United Kingdom", "GB", "+44"],
  ["United States", "US", "+1"],
];

export const HOTLINE = "+1 555 010 2030";
export const SUPPORT_EMAIL = "support@readymart.example";
export const ADDRESS = "221 Market Street, San Francisco, CA 94105";
const PLAY_STORE = "https://play.google.com/store/apps/details?id=com.readymart.app";
const APP_STORE = "https://apps.apple.com/app/readymart/id6400000000";

export const THEME_COLORS = {
  primary: "#0f766e",
  primary50: "#f0fdfa",
  primary100: "#ccfbf1",
  primary200: "#99f6e4",
  primary300: "#5eead4",
  primary400: "#2dd4bf",
  primary500: "#0d9488",
  primary600: "#0f766e",
  primary700: "#115e59",
  primary800: "#134e4a",
  primary900: "#0f3d3a",
  primary950: "#042f2e",
};

/** settings rows: key -> JSON value. Money is in minor units of the default currency. */
export const SETTINGS: Record<string, unknown> = {
  app_name: APP_NAME,
  logo: media("logo", "readymart", APP_NAME),
  app_locale: "en",
  multi_vendor: true,
  cash_on_delivery: true,
  online_payment: true,
  payment_gateways: [{ id: 1, title: "Credit / Debit Card", name: "test", logo: media("payment", "card", "Card") }],
  delivery_charges: { type: "shop", default_charge: 500 },
  mobile: HOTLINE,
  email: SUPPORT_EMAIL,
  address: ADDRESS,
  web_show_footer: true,
  footer_text: `${APP_NAME}. All rights reserved.`,
  footer_description:
    "Thousands of products from trusted shops, delivered to your door. Shop fashion, electronics, home and more.",
  // The footer's texts and the payment gateway's title in Arabic and French (settings.service.ts).
  i18n: {
    ar: {
      gateway_test: "بطاقة ائتمان أو خصم",
      footer_text: "ريدي مارت. جميع الحقوق محفوظة.",
      footer_description:
        "آلاف المنتجات من متاجر موثوقة تصلك حتى باب منزلك. تسوّق الأزياء والإلكترونيات ومستلزمات المنزل والمزيد.",
    },
    fr: {
      gateway_test: "Carte de crédit ou de débit",
      footer_text: `${APP_NAME}. Tous droits réservés.`,
      footer_description:
        "Des milliers de produits de boutiques de confiance, livrés chez vous. Mode, électronique, maison et bien plus encore.",
    },
  },
  footer_logo: media("logo", "readymart-footer", APP_NAME),
  footer_qr: media("qr", "readymart-app"),
  google_playstore_link: PLAY_STORE,
  app_store_link: APP_STORE,
  show_download_app: true,
  theme_colors: THEME_COLORS,
  pusher_app_key: "marketplace-key",
  pusher_app_cluster: "mt1",
  register_otp_verify: true,
  register_otp_type: "email",
  forgot_otp_type: "email",
  order_place_account_verify: false,
  phone_required: true,
  phone_min_length: 9,
  phone_max_length: 16,
  return_order_within_days: 7,
};

export const MENUS: ReadonlyArray<{ name: string; title: Words; url: string; external?: boolean }> = [
  { name: "shops", title: ["Shops", "المتاجر", "Boutiques"], url: "/shops" },
  { name: "most_popular", title: ["Most Popular", "الأكثر شعبية", "Les plus populaires"], url: "/most-popular" },
  { name: "best_deal", title: ["Best Deals", "أفضل العروض", "Meilleures offres"], url: "/best-deal" },
  { name: "blogs", title: ["Blog", "المدونة", "Blog"], url: "/blogs" },
  {
    name: "seller_academy",
    title: ["Seller Academy", "أكاديمية البائعين", "Académie des vendeurs"],
    url: "https://sellers.readymart.example",
    external: true,
  },
];

type FooterItemSeed = { type: string; title: Words; url?: string; external?: boolean };
export const FOOTERS: ReadonlyArray<{ title: Words; items: FooterItemSeed[] }> = [
  {
    title: ["About ReadyMart", "عن ريدي مارت", "À propos de ReadyMart"],
    items: [
      { type: "logo", title: [APP_NAME, "ريدي مارت", APP_NAME], url: media("logo", "readymart-footer", APP_NAME) },
      {
        type: "text",
        title: [
          "Thousands of products from trusted shops, delivered to your door.",
          "آلاف المنتجات من متاجر موثوقة تصلك حتى باب منزلك.",
          "Des milliers de produits de boutiques de confiance, livrés chez vous.",
        ],
      },
      { type: "social_links", title: ["Follow us", "تابعنا", "Suivez-nous"] },
    ],
  },
  {
    title: ["Customer Care", "خدمة العملاء", "Service client"],
    items: [
      { type: "link", title: ["Help Center", "مركز المساعدة", "Centre d'aide"], url: "/support" },
      { type: "link", title: ["Contact Us", "اتصل بنا", "Contactez-nous"], url: "/contact-us" },
      { type: "link", title: ["Return Policy", "سياسة الإرجاع", "Politique de retour"], url: "/page/return-policy" },
      {
        type: "link",
        title: ["Terms & Conditions", "الشروط والأحكام", "Conditions générales"],
        url: "/terms-and-conditions",
      },
      {
        type: "link",
        title: ["Privacy Policy", "سياسة الخصوصية", "Politique de confidentialité"],
        url: "/privacy-policy",
      },
    ],
  },
  {
    title: ["Company", "الشركة", "Entreprise"],
    items: [
      { type: "link", title: ["About Us", "من نحن", "À propos"], url: "/about-us" },
      { type: "link", title: ["Blog", "المدونة", "Blog"], url: "/blogs" },
      { type: "link", title: ["All Shops", "كل المتاجر", "Toutes les boutiques"], url: "/shops" },
      { type: "link", title: ["Become a Seller", "كن بائعاً", "Devenir vendeur"], url: "/shop/register" },
      {
        type: "link",
        title: ["Careers", "الوظائف", "Carrières"],
        url: "https://careers.readymart.example",
        external: true,
      },
    ],
  },
  {
    title: ["Contact", "تواصل معنا", "Contact"],
    items: [
      { type: "phone", title: [HOTLINE, HOTLINE, HOTLINE], url: `tel:${HOTLINE.replaceAll(" ", "")}` },
      { type: "email", title: [SUPPORT_EMAIL, SUPPORT_EMAIL, SUPPORT_EMAIL], url: `mailto:${SUPPORT_EMAIL}` },
      { type: "text", title: [ADDRESS, "221 شارع ماركت، سان فرانسيسكو، كاليفورنيا 94105", ADDRESS] },
    ],
  },
  {
    title: ["Get the App", "حمّل التطبيق", "Téléchargez l'application"],
    items: [{ type: "app_store", title: ["Download our app", "حمّل تطبيقنا", "Téléchargez notre application"] }],
  },
];

export const SOCIAL_LINKS = [
  { name: "Facebook", link: "https://www.facebook.com/readymart" },
  { name: "Instagram", link: "https://www.instagram.com/readymart" },
  { name: "X", link: "https://x.com/readymart" },
  { name: "YouTube", link: "https://www.youtube.com/@readymart" },
  { name: "LinkedIn", link: "https://www.linkedin.com/company/readymart" },
];

export const BANNERS: ReadonlyArray<{ title: Words; subtitle: Words; url: string }> = [
  {
    title: ["Fresh Styles for the Season", "أزياء جديدة لهذا الموسم", "Nouveaux styles de saison"],
    subtitle: ["Up to 40% off fashion from top shops", "خصم حتى 40% على الأزياء", "Jusqu'à 40 % sur la mode"],
    url: "/best-deal",
  },
  {
    title: ["Flash Sale Is Live", "التخفيضات السريعة بدأت", "Les ventes flash sont lancées"],
    subtitle: [
      "Limited quantities at unbeatable prices",
      "كميات محدودة بأسعار لا تقاوم",
      "Quantités limitées à prix imbattables",
    ],
    url: "/flash-sale",
  },
  {
    title: ["Tech You Will Love", "تقنية ستحبها", "La tech que vous allez adorer"],
    subtitle: ["Headphones, watches and more", "سماعات وساعات والمزيد", "Casques, montres et plus"],
    url: "/most-popular",
  },
  {
    title: ["Discover Our Shops", "اكتشف متاجرنا", "Découvrez nos boutiques"],
    subtitle: [
      "Eight trusted sellers in one place",
      "ثمانية بائعين موثوقين في مكان واحد",
      "Huit vendeurs de confiance au même endroit",
    ],
    url: "/shops",
  },
];

const html = (...blocks: string[]) => blocks.join("\n");

/** Static pages: title and HTML body in [en, ar, fr]. */
export const PAGES: ReadonlyArray<{ slug: string; title: Words; body: Words }> = [
  {
    slug: "terms-and-conditions",
    title: ["Terms & Conditions", "الشروط والأحكام", "Conditions générales"],
    body: [
      html(
        "<h2>1. Using ReadyMart</h2>",
        "<p>By creating an account or placing an order you agree to these terms. You must give accurate information and keep your password safe.</p>",
        "<h2>2. Orders and prices</h2>",
        "<p>Each order is a contract with the shop that sells the product. Prices include VAT where shown; delivery charges are listed at checkout.</p>",
        "<h2>3. Returns</h2>",
        '<p>Delivered orders may be returned within 7 days as described in our <a href="/page/return-policy">return policy</a>.</p>',
        "<h2>4. Contact</h2>",
        '<p>Questions about these terms? Write to <a href="mailto:support@readymart.example">support@readymart.example</a>.</p>',
      ),
      html(
        "<h2>1. استخدام ريدي مارت</h2>",
        "<p>بإنشائك حساباً أو تقديمك طلباً فإنك توافق على هذه الشروط. يجب أن تقدّم معلومات صحيحة وأن تحافظ على سرية كلمة المرور الخاصة بك.</p>",
        "<h2>2. الطلبات والأسعار</h2>",
        "<p>كل طلب هو عقد مع المتجر الذي يبيع المنتج. تشمل الأسعار ضريبة القيمة المضافة حيثما يُشار إلى ذلك، وتظهر رسوم التوصيل عند إتمام الشراء.</p>",
        "<h2>3. الإرجاع</h2>",
        '<p>يمكن إرجاع الطلبات المُسلَّمة خلال 7 أيام وفق ما توضحه <a href="/page/return-policy">سياسة الإرجاع</a> لدينا.</p>',
        "<h2>4. التواصل</h2>",
        '<p>هل لديك أسئلة حول هذه الشروط؟ راسلنا على <a href="mailto:support@readymart.example">support@readymart.example</a>.</p>',
      ),
      html(
        "<h2>1. Utilisation de ReadyMart</h2>",
        "<p>En créant un compte ou en passant une commande, vous acceptez les présentes conditions. Vous devez fournir des informations exactes et garder votre mot de passe en lieu sûr.</p>",
        "<h2>2. Commandes et prix</h2>",
        "<p>Chaque commande est un contrat avec la boutique qui vend le produit. Les prix incluent la TVA lorsqu'elle est indiquée ; les frais de livraison sont affichés au moment du paiement.</p>",
        "<h2>3. Retours</h2>",
        '<p>Les commandes livrées peuvent être retournées sous 7 jours, comme le décrit notre <a href="/page/return-policy">politique de retour</a>.</p>',
        "<h2>4. Contact</h2>",
        '<p>Des questions sur ces conditions ? Écrivez-nous à <a href="mailto:support@readymart.example">support@readymart.example</a>.</p>',
      ),
    ],
  },
  {
    slug: "privacy-policy",
    title: ["Privacy Policy", "سياسة الخصوصية", "Politique de confidentialité"],
    body: [
      html(
        "<h2>What we collect</h2>",
        "<p>Your name, email, phone number, addresses and order history, so that shops can deliver what you buy.</p>",
        "<h2>How we use it</h2>",
        "<ul><li>To process and deliver orders</li><li>To send one-time codes and order updates</li><li>To keep your account secure</li></ul>",
        "<h2>Your choices</h2>",
        "<p>You can update your profile at any time and ask us to delete your account.</p>",
      ),
      html(
        "<h2>ما الذي نجمعه</h2>",
        "<p>اسمك وبريدك الإلكتروني ورقم هاتفك وعناوينك وسجل طلباتك، حتى تتمكن المتاجر من توصيل مشترياتك إليك.</p>",
        "<h2>كيف نستخدمها</h2>",
        "<ul><li>لمعالجة الطلبات وتوصيلها</li><li>لإرسال رموز التحقق لمرة واحدة وتحديثات الطلبات</li><li>للحفاظ على أمان حسابك</li></ul>",
        "<h2>خياراتك</h2>",
        "<p>يمكنك تحديث ملفك الشخصي في أي وقت، كما يمكنك أن تطلب منا حذف حسابك.</p>",
      ),
      html(
        "<h2>Ce que nous collectons</h2>",
        "<p>Votre nom, votre adresse e-mail, votre numéro de téléphone, vos adresses et votre historique de commandes, pour que les boutiques puissent vous livrer vos achats.</p>",
        "<h2>Comment nous les utilisons</h2>",
        "<ul><li>Pour traiter et livrer les commandes</li><li>Pour envoyer des codes à usage unique et le suivi des commandes</li><li>Pour sécuriser votre compte</li></ul>",
        "<h2>Vos choix</h2>",
        "<p>Vous pouvez modifier votre profil à tout moment et nous demander de supprimer votre compte.</p>",
      ),
    ],
  },
  {
    slug: "about-us",
    title: ["About Us", "من نحن", "À propos"],
    body: [
      html(
        "<h2>Our story</h2>",
        "<p>ReadyMart brings independent shops and shoppers together. We started with eight sellers and a simple idea: great products, fair prices and honest delivery times.</p>",
        "<h2>What we stand for</h2>",
        "<ul><li>Trusted sellers with real reviews</li><li>Secure payments</li><li>Support in English, Arabic and French</li></ul>",
      ),
      html(
        "<h2>قصتنا</h2>",
        "<p>يجمع ريدي مارت بين المتاجر المستقلة والمتسوقين. بدأنا بثمانية بائعين وفكرة بسيطة: منتجات رائعة وأسعار عادلة ومواعيد توصيل صادقة.</p>",
        "<h2>ما نؤمن به</h2>",
        "<ul><li>بائعون موثوقون وتقييمات حقيقية</li><li>مدفوعات آمنة</li><li>دعم باللغات الإنجليزية والعربية والفرنسية</li></ul>",
      ),
      html(
        "<h2>Notre histoire</h2>",
        "<p>ReadyMart rapproche les boutiques indépendantes et les acheteurs. Nous avons commencé avec huit vendeurs et une idée simple : de bons produits, des prix justes et des délais de livraison honnêtes.</p>",
        "<h2>Nos engagements</h2>",
        "<ul><li>Des vendeurs de confiance et de vrais avis</li><li>Des paiements sécurisés</li><li>Une assistance en anglais, en arabe et en français</li></ul>",
      ),
    ],
  },
  {
    slug: "contact-us",
    title: ["Contact Us", "اتصل بنا", "Contactez-nous"],
    body: [
      html(
        "<p>We are here to help seven days a week.</p>",
        '<ul><li>Hotline: <a href="tel:+15550102030" dir="ltr">+1 555 010 2030</a></li><li>Email: support@readymart.example</li><li>Address: 221 Market Street, San Francisco, CA 94105</li></ul>',
        "<p>Or send us a message with the form below and we will reply within one business day.</p>",
      ),
      html(
        "<p>نحن هنا لمساعدتك طوال أيام الأسبوع.</p>",
        '<ul><li>الخط الساخن: <a href="tel:+15550102030" dir="ltr">+1 555 010 2030</a></li><li>البريد الإلكتروني: support@readymart.example</li><li>العنوان: 221 شارع ماركت، سان فرانسيسكو، كاليفورنيا 94105</li></ul>',
        "<p>أو أرسل إلينا رسالة عبر النموذج أدناه وسنرد عليك خلال يوم عمل واحد.</p>",
      ),
      html(
        "<p>Nous sommes là pour vous aider sept jours sur sept.</p>",
        '<ul><li>Assistance téléphonique : <a href="tel:+15550102030" dir="ltr">+1 555 010 2030</a></li><li>E-mail : support@readymart.example</li><li>Adresse : 221 Market Street, San Francisco, CA 94105</li></ul>',
        "<p>Vous pouvez aussi nous écrire avec le formulaire ci-dessous : nous vous répondrons sous un jour ouvré.</p>",
      ),
    ],
  },
  {
    slug: "return-policy",
    title: ["Return Policy", "سياسة الإرجاع", "Politique de retour"],
    body: [
      html(
        "<h2>7-day returns</h2>",
        "<p>Most items can be returned within 7 days of delivery in their original condition.</p>",
        "<h2>How to return</h2>",
        "<ol><li>Open your order history</li><li>Choose the delivered order</li><li>Open a support ticket with the order number</li></ol>",
      ),
      html(
        "<h2>الإرجاع خلال 7 أيام</h2>",
        "<p>يمكن إرجاع معظم المنتجات خلال 7 أيام من التسليم بشرط أن تكون بحالتها الأصلية.</p>",
        "<h2>طريقة الإرجاع</h2>",
        "<ol><li>افتح سجل طلباتك</li><li>اختر الطلب الذي تم تسليمه</li><li>افتح تذكرة دعم واذكر فيها رقم الطلب</li></ol>",
      ),
      html(
        "<h2>Retours sous 7 jours</h2>",
        "<p>La plupart des articles peuvent être retournés dans les 7 jours suivant la livraison, dans leur état d'origine.</p>",
        "<h2>Comment retourner un article</h2>",
        "<ol><li>Ouvrez votre historique de commandes</li><li>Choisissez la commande livrée</li><li>Ouvrez un ticket d'assistance en indiquant le numéro de commande</li></ol>",
      ),
    ],
  },
];

export const BLOG_CATEGORIES: readonly Words[] = [
  ["Shopping Guides", "أدلة التسوق", "Guides d'achat"],
  ["Style & Trends", "الموضة والصيحات", "Style et tendances"],
  ["Tech Tips", "نصائح تقنية", "Astuces tech"],
];

/** Blog posts; every text in [en, ar, fr]. */
export const BLOG_POSTS: ReadonlyArray<{
  category: number;
  title: Words;
  tags: string[];
  excerpt: Words;
  points: readonly Words[];
}> = [
  {
    category: 0,
    title: [
      "How to Find the Best Deals Online",
      "كيف تجد أفضل العروض عبر الإنترنت",
      "Comment trouver les meilleures offres en ligne",
    ],
    tags: ["deals", "saving", "shopping"],
    excerpt: [
      "Five habits that help you pay less without settling for less.",
      "خمس عادات تساعدك على دفع مبلغ أقل دون التنازل عن الجودة.",
      "Cinq habitudes pour payer moins sans vous contenter de moins.",
    ],
    points: [
      ["Compare prices across shops", "قارن الأسعار بين المتاجر", "Comparez les prix entre les boutiques"],
      [
        "Watch the flash sales countdown",
        "راقب العد التنازلي للتخفيضات السريعة",
        "Surveillez le compte à rebours des ventes flash",
      ],
      [
        "Collect store vouchers before checkout",
        "اجمع قسائم المتاجر قبل إتمام الشراء",
        "Récupérez les bons de réduction des boutiques avant de payer",
      ],
      ["Check delivery charges early", "تحقّق من رسوم التوصيل مبكراً", "Vérifiez les frais de livraison dès le départ"],
      ["Read the reviews", "اقرأ التقييمات", "Lisez les avis"],
    ],
  },
  {
    category: 1,
    title: [
      "Five Wardrobe Essentials for Every Season",
      "خمس قطع أساسية لخزانتك في كل موسم",
      "Cinq essentiels de garde-robe pour chaque saison",
    ],
    tags: ["fashion", "wardrobe", "style"],
    excerpt: [
      "A short list of pieces that work with everything you own.",
      "قائمة قصيرة بقطع تتناسق مع كل ما تملكه.",
      "Une courte liste de pièces qui s'accordent avec tout ce que vous possédez.",
    ],
    points: [
      ["A crisp white shirt", "قميص أبيض أنيق", "Une chemise blanche impeccable"],
      ["Well-fitting dark jeans", "بنطال جينز داكن بمقاس مناسب", "Un jean foncé bien coupé"],
      ["A light rain jacket", "جاكيت مطر خفيف", "Une veste de pluie légère"],
      ["Comfortable white sneakers", "حذاء رياضي أبيض مريح", "Des baskets blanches confortables"],
      ["A classic leather wallet", "محفظة جلدية كلاسيكية", "Un portefeuille en cuir classique"],
    ],
  },
  {
    category: 2,
    title: [
      "Choosing Wireless Headphones in 2025",
      "اختيار سماعات لاسلكية في 2025",
      "Choisir un casque sans fil en 2025",
    ],
    tags: ["audio", "headphones", "tech"],
    excerpt: [
      "Battery life, comfort and noise cancelling explained.",
      "شرح لعمر البطارية والراحة وخاصية إلغاء الضوضاء.",
      "Autonomie, confort et réduction de bruit : nos explications.",
    ],
    points: [
      ["Battery life of 30 hours or more", "عمر بطارية يبلغ 30 ساعة أو أكثر", "Une autonomie de 30 heures ou plus"],
      [
        "Active noise cancelling for travel",
        "إلغاء نشط للضوضاء في أثناء السفر",
        "La réduction de bruit active pour les voyages",
      ],
      [
        "A comfortable fit for long sessions",
        "ارتداء مريح لجلسات الاستماع الطويلة",
        "Un maintien confortable pour les longues écoutes",
      ],
      ["Multipoint Bluetooth pairing", "اقتران بلوتوث بعدة أجهزة في آن واحد", "L'appairage Bluetooth multipoint"],
    ],
  },
  {
    category: 0,
    title: [
      "A Beginner's Guide to Flash Sales",
      "دليل المبتدئين إلى التخفيضات السريعة",
      "Guide du débutant des ventes flash",
    ],
    tags: ["flash sale", "deals"],
    excerpt: [
      "How limited-time sales work and how to catch them.",
      "كيف تعمل العروض محدودة المدة وكيف تغتنمها.",
      "Comment fonctionnent les ventes à durée limitée et comment en profiter.",
    ],
    points: [
      ["Sales run for a few days only", "تستمر التخفيضات بضعة أيام فقط", "Les ventes ne durent que quelques jours"],
      ["Each product has a limited quantity", "لكل منتج كمية محدودة", "Chaque produit est proposé en quantité limitée"],
      [
        "Prices return to normal once sold out",
        "تعود الأسعار إلى طبيعتها بعد نفاد الكمية",
        "Les prix reviennent à la normale une fois le stock épuisé",
      ],
    ],
  },
  {
    category: 1,
    title: ["Colours That Will Define This Summer", "الألوان التي ستميز هذا الصيف", "Les couleurs qui feront l'été"],
    tags: ["trends", "colour", "summer"],
    excerpt: [
      "From soft pinks to deep navy, the shades to watch.",
      "من الوردي الناعم إلى الكحلي الداكن، إليك الألوان التي تستحق المتابعة.",
      "Du rose tendre au bleu marine profond, les teintes à suivre.",
    ],
    points: [
      ["Soft pink for easy days", "وردي ناعم للأيام الهادئة", "Du rose tendre pour les journées tranquilles"],
      ["Deep navy for evenings", "كحلي داكن للأمسيات", "Du bleu marine profond pour le soir"],
      ["Sunny yellow accents", "لمسات من الأصفر المشمس", "Des touches de jaune soleil"],
      ["Earthy browns for accessories", "درجات البني الترابية للإكسسوارات", "Des bruns terreux pour les accessoires"],
    ],
  },
  {
    category: 2,
    title: ["Setting Up a Productive Home Office", "إعداد مكتب منزلي منتج", "Aménager un bureau à domicile productif"],
    tags: ["home office", "monitors", "keyboards"],
    excerpt: [
      "The monitor, keyboard and lamp that make work easier.",
      "الشاشة ولوحة المفاتيح والمصباح التي تجعل العمل أسهل.",
      "L'écran, le clavier et la lampe qui facilitent le travail.",
    ],
    points: [
      [
        "A 27-inch 4K monitor at eye level",
        "شاشة 4K مقاس 27 بوصة بمستوى النظر",
        "Un écran 4K de 27 pouces à hauteur des yeux",
      ],
      [
        "A mechanical keyboard you enjoy typing on",
        "لوحة مفاتيح ميكانيكية تستمتع بالكتابة عليها",
        "Un clavier mécanique agréable sous les doigts",
      ],
      ["A warm desk lamp", "مصباح مكتب بإضاءة دافئة", "Une lampe de bureau à lumière chaude"],
      [
        "A laptop stand for posture",
        "حامل للحاسوب المحمول من أجل جلسة صحية",
        "Un support d'ordinateur pour une bonne posture",
      ],
    ],
  },
  {
    category: 0,
    title: ["Gift Ideas for Every Budget", "أفكار هدايا لكل ميزانية", "Idées cadeaux pour tous les budgets"],
    tags: ["gifts", "shopping"],
    excerpt: [
      "Thoughtful presents under 25, 50 and 100 dollars.",
      "هدايا مدروسة بأقل من 25 و50 و100 دولار.",
      "Des cadeaux bien pensés à moins de 25, 50 et 100 dollars.",
    ],
    points: [
      [
        "Under $25: a scented body mist",
        "بأقل من 25 دولاراً: رذاذ معطّر للجسم",
        "Moins de 25 $ : une brume parfumée pour le corps",
      ],
      [
        "Under $50: a Bluetooth speaker",
        "بأقل من 50 دولاراً: مكبر صوت بلوتوث",
        "Moins de 50 $ : une enceinte Bluetooth",
      ],
      ["Under $100: a smart watch", "بأقل من 100 دولار: ساعة ذكية", "Moins de 100 $ : une montre connectée"],
    ],
  },
  {
    category: 1,
    title: [
      "Caring for Leather Shoes and Bags",
      "العناية بالأحذية والحقائب الجلدية",
      "Entretenir chaussures et sacs en cuir",
    ],
    tags: ["leather", "care", "shoes"],
    excerpt: [
      "Simple routines that keep leather looking new for years.",
      "عادات بسيطة تحافظ على الجلد كالجديد لسنوات.",
      "Des gestes simples pour garder le cuir comme neuf pendant des années.",
    ],
    points: [
      ["Clean with a soft dry cloth", "نظّفه بقطعة قماش ناعمة وجافة", "Nettoyez-le avec un chiffon doux et sec"],
      ["Condition every few months", "رطّبه كل بضعة أشهر", "Nourrissez-le tous les deux ou trois mois"],
      ["Keep away from direct heat", "أبعده عن مصادر الحرارة المباشرة", "Tenez-le à l'écart de la chaleur directe"],
      [
        "Store with shoe trees or tissue",
        "احفظه مع قوالب الأحذية أو المناديل الورقية",
        "Rangez-le avec des embauchoirs ou du papier de soie",
      ],
    ],
  },
];

/** The headings and closing paragraph of every post's body, in [en, ar, fr]. */
const BLOG_FRAME: ReadonlyArray<{ look: string; take: string; closing: string }> = [
  {
    look: "What to look for",
    take: "Our take",
    closing: `Every shop on ${APP_NAME} lists real stock and honest delivery times, so you can follow these tips with confidence. Browse the <a href="/most-popular">most popular products</a> or the <a href="/best-deal">best deals</a> to get started.`,
  },
  {
    look: "ما الذي تبحث عنه",
    take: "رأينا",
    closing:
      'يعرض كل متجر على ريدي مارت مخزونه الحقيقي ومواعيد توصيل صادقة، لذا يمكنك اتباع هذه النصائح بثقة. تصفّح <a href="/most-popular">المنتجات الأكثر شعبية</a> أو <a href="/best-deal">أفضل العروض</a> لتبدأ.',
  },
  {
    look: "Les points à surveiller",
    take: "Notre avis",
    closing: `Chaque boutique sur ${APP_NAME} affiche son stock réel et des délais de livraison honnêtes : vous pouvez suivre ces conseils en toute confiance. Parcourez les <a href="/most-popular">produits les plus populaires</a> ou les <a href="/best-deal">meilleures offres</a> pour commencer.`,
  },
];

/** A post's HTML body in one language (0 en, 1 ar, 2 fr; the order of `Words`). */
export function blogBody(post: (typeof BLOG_POSTS)[number], lang: 0 | 1 | 2): string {
  const frame = BLOG_FRAME[lang] as (typeof BLOG_FRAME)[number];
  return html(
    `<p>${post.excerpt[lang]}</p>`,
    `<h2>${frame.look}</h2>`,
    `<ul>${post.points.map((p) => `<li>${p[lang]}</li>`).join("")}</ul>`,
    `<h2>${frame.take}</h2>`,
    `<p>${frame.closing}</p>`,
  );
}

export const FLASH_SALES: ReadonlyArray<{ name: Words }> = [
  { name: ["Summer Flash Sale", "تخفيضات الصيف السريعة", "Vente flash d'été"] },
  { name: ["Weekend Mega Sale", "تخفيضات نهاية الأسبوع الكبرى", "Méga soldes du week-end"] },
];
