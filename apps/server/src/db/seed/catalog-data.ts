// Word lists the demo catalogue is generated from. Every word carries its Arabic and French form,
// so generated names are translated too ([en, ar, fr]).

export type Words = readonly [en: string, ar: string, fr: string];
export type Sizing = "clothing" | "shoes" | "none";

export interface SubCategorySeed {
  name: Words;
  nouns: readonly Words[];
  /** price range in whole dollars */
  price: readonly [number, number];
  sizing: Sizing;
  colors: boolean;
  unit: number; // index into UNITS
}
export interface CategorySeed {
  name: Words;
  subs: readonly SubCategorySeed[];
  brands: readonly number[]; // indexes into BRANDS
  shops: readonly number[]; // indexes into SHOPS
  vat: number; // index into VAT_TAXES, -1 for none
}

export const UNITS: readonly Words[] = [
  ["Piece", "قطعة", "Pièce"],
  ["Pair", "زوج", "Paire"],
  ["Pack", "عبوة", "Paquet"],
  ["Kg", "كغ", "Kg"],
  ["Set", "طقم", "Ensemble"],
];

export const VAT_TAXES: ReadonlyArray<{ names: Words; rate_bp: number }> = [
  { names: ["VAT 15%", "ضريبة القيمة المضافة 15%", "TVA 15 %"], rate_bp: 1500 },
  { names: ["VAT 5%", "ضريبة القيمة المضافة 5%", "TVA 5 %"], rate_bp: 500 },
];

export const CLOTHING_SIZES = ["S", "M", "L", "XL", "XXL"];
export const SHOE_SIZES = ["38", "39", "40", "41", "42", "43", "44"];
/** surcharge in minor units per size name */
export const SIZE_SURCHARGE: Record<string, number> = { L: 100, XL: 200, XXL: 400, "43": 100, "44": 200 };

export const COLORS: ReadonlyArray<{ name: Words; code: string }> = [
  { name: ["Black", "أسود", "Noir"], code: "#111827" },
  { name: ["White", "أبيض", "Blanc"], code: "#F9FAFB" },
  { name: ["Red", "أحمر", "Rouge"], code: "#DC2626" },
  { name: ["Blue", "أزرق", "Bleu"], code: "#2563EB" },
  { name: ["Navy", "كحلي", "Marine"], code: "#1E3A8A" },
  { name: ["Green", "أخضر", "Vert"], code: "#16A34A" },
  { name: ["Yellow", "أصفر", "Jaune"], code: "#EAB308" },
  { name: ["Grey", "رمادي", "Gris"], code: "#6B7280" },
  { name: ["Pink", "وردي", "Rose"], code: "#EC4899" },
  { name: ["Brown", "بني", "Marron"], code: "#92400E" },
];

export const ADJECTIVES: readonly Words[] = [
  ["Classic", "كلاسيكي", "Classique"],
  ["Premium", "فاخر", "Premium"],
  ["Modern", "عصري", "Moderne"],
  ["Urban", "حضري", "Urbain"],
  ["Essential", "أساسي", "Essentiel"],
  ["Deluxe", "ديلوكس", "Deluxe"],
  ["Vintage", "عتيق", "Vintage"],
  ["Smart", "ذكي", "Malin"],
  ["Compact", "مدمج", "Compact"],
  ["Eco", "صديق للبيئة", "Écologique"],
  ["Pro", "احترافي", "Pro"],
  ["Lightweight", "خفيف", "Léger"],
  ["Soft", "ناعم", "Doux"],
  ["Elegant", "أنيق", "Élégant"],
  ["Sporty", "رياضي", "Sportif"],
  ["Royal", "ملكي", "Royal"],
  ["Everyday", "يومي", "Quotidien"],
  ["Ultra", "فائق", "Ultra"],
];

export const BRANDS = [
  "Nordic Wear",
  "Urbanix",
  "StrideMax",
  "Voltix",
  "Pixelon",
  "Auralis",
  "HomeCraft",
  "Lumina",
  "PureGlow",
  "Peakline",
  "Kiddo",
  "TerraFarm",
  "Zentro",
  "Velora",
  "Orbit",
];

/** Shops; `time` is stored as is, `days` says it in words for product descriptions. */
export const SHOPS: ReadonlyArray<{
  name: string;
  city: string;
  delivery: number;
  time: string;
  days: Words;
  about: Words;
}> = [
  {
    name: "Urban Threads",
    city: "New York, NY",
    delivery: 500,
    time: "2-4 days",
    days: ["2-4 days", "2 إلى 4 أيام", "2 à 4 jours"],
    about: [
      "Everyday fashion for men and women, made to last.",
      "أزياء يومية للرجال والنساء، مصنوعة لتدوم طويلاً.",
      "La mode de tous les jours pour hommes et femmes, faite pour durer.",
    ],
  },
  {
    name: "Step Up Shoes",
    city: "Chicago, IL",
    delivery: 600,
    time: "3-5 days",
    days: ["3-5 days", "3 إلى 5 أيام", "3 à 5 jours"],
    about: [
      "Sneakers, boots and sandals for every step you take.",
      "أحذية رياضية وأحذية طويلة وصنادل ترافقك في كل خطوة.",
      "Baskets, bottes et sandales pour chacun de vos pas.",
    ],
  },
  {
    name: "Gadget Galaxy",
    city: "San Jose, CA",
    delivery: 800,
    time: "1-3 days",
    days: ["1-3 days", "يوم إلى 3 أيام", "1 à 3 jours"],
    about: [
      "The latest audio, wearables and cameras at fair prices.",
      "أحدث أجهزة الصوت والأجهزة القابلة للارتداء والكاميرات بأسعار عادلة.",
      "Les dernières nouveautés en audio, objets connectés et appareils photo, à prix justes.",
    ],
  },
  {
    name: "Byte Corner",
    city: "Austin, TX",
    delivery: 900,
    time: "2-5 days",
    days: ["2-5 days", "2 إلى 5 أيام", "2 à 5 jours"],
    about: [
      "Laptops, monitors and the accessories that make them sing.",
      "حواسيب محمولة وشاشات وملحقات تُخرج أفضل ما فيها.",
      "Ordinateurs portables, écrans et les accessoires qui en tirent le meilleur.",
    ],
  },
  {
    name: "Home Nest",
    city: "Portland, OR",
    delivery: 700,
    time: "3-6 days",
    days: ["3-6 days", "3 إلى 6 أيام", "3 à 6 jours"],
    about: [
      "Cookware, bedding and lighting for a cosy home.",
      "أواني طبخ ومفروشات وإضاءة لمنزل دافئ ومريح.",
      "Ustensiles de cuisine, literie et luminaires pour une maison douillette.",
    ],
  },
  {
    name: "Glow Beauty",
    city: "Miami, FL",
    delivery: 400,
    time: "2-4 days",
    days: ["2-4 days", "2 إلى 4 أيام", "2 à 4 jours"],
    about: [
      "Skincare, fragrances and hair care you will love.",
      "منتجات للعناية بالبشرة والشعر وعطور ستحبها.",
      "Soins de la peau, parfums et soins capillaires que vous allez adorer.",
    ],
  },
  {
    name: "Active Life",
    city: "Denver, CO",
    delivery: 650,
    time: "2-5 days",
    days: ["2-5 days", "2 إلى 5 أيام", "2 à 5 jours"],
    about: [
      "Gear and clothing for sport, fitness and the outdoors.",
      "معدات وملابس للرياضة واللياقة البدنية والأنشطة في الهواء الطلق.",
      "Équipement et vêtements pour le sport, le fitness et le plein air.",
    ],
  },
  {
    name: "Fresh Basket",
    city: "Seattle, WA",
    delivery: 300,
    time: "1-2 days",
    days: ["1-2 days", "يوم إلى يومين", "1 à 2 jours"],
    about: [
      "Coffee, tea, snacks and pantry favourites delivered fresh.",
      "قهوة وشاي ووجبات خفيفة وأساسيات المطبخ المفضلة تصلك طازجة.",
      "Café, thé, snacks et incontournables du garde-manger, livrés frais.",
    ],
  },
];

const sub = (
  name: Words,
  nouns: readonly Words[],
  price: readonly [number, number],
  sizing: Sizing,
  colors: boolean,
  unit = 0,
): SubCategorySeed => ({ name, nouns, price, sizing, colors, unit });

export const CATEGORIES: readonly CategorySeed[] = [
  {
    name: ["Men's Fashion", "أزياء رجالية", "Mode homme"],
    brands: [0, 1, 13],
    shops: [0, 6],
    vat: 0,
    subs: [
      sub(
        ["Shirts", "قمصان", "Chemises"],
        [
          ["Oxford Shirt", "قميص أكسفورد", "Chemise Oxford"],
          ["Linen Shirt", "قميص كتان", "Chemise en lin"],
        ],
        [25, 60],
        "clothing",
        true,
      ),
      sub(
        ["T-Shirts", "تيشيرتات", "T-shirts"],
        [
          ["Cotton T-Shirt", "تيشيرت قطني", "T-shirt en coton"],
          ["Polo Shirt", "قميص بولو", "Polo"],
        ],
        [12, 35],
        "clothing",
        true,
      ),
      sub(
        ["Jeans", "جينز", "Jeans"],
        [
          ["Slim Jeans", "جينز ضيق", "Jean slim"],
          ["Denim Jeans", "جينز دنيم", "Jean en denim"],
        ],
        [35, 80],
        "clothing",
        true,
      ),
      sub(
        ["Jackets", "جاكيتات", "Vestes"],
        [
          ["Bomber Jacket", "جاكيت بومبر", "Blouson aviateur"],
          ["Rain Jacket", "جاكيت مطر", "Veste de pluie"],
        ],
        [60, 150],
        "clothing",
        true,
      ),
    ],
  },
  {
    name: ["Women's Fashion", "أزياء نسائية", "Mode femme"],
    brands: [0, 13, 1],
    shops: [0, 5],
    vat: 0,
    subs: [
      sub(
        ["Dresses", "فساتين", "Robes"],
        [
          ["Maxi Dress", "فستان طويل", "Robe longue"],
          ["Wrap Dress", "فستان ملفوف", "Robe portefeuille"],
        ],
        [40, 120],
        "clothing",
        true,
      ),
      sub(
        ["Blouses", "بلوزات", "Chemisiers"],
        [
          ["Silk Blouse", "بلوزة حرير", "Chemisier en soie"],
          ["Tunic Shirt", "قميص تونيك", "Chemise tunique"],
        ],
        [25, 70],
        "clothing",
        true,
      ),
      sub(
        ["Skirts", "تنانير", "Jupes"],
        [
          ["Pleated Skirt", "تنورة بكسرات", "Jupe plissée"],
          ["Midi Skirt", "تنورة متوسطة", "Jupe midi"],
        ],
        [30, 75],
        "clothing",
        true,
      ),
    ],
  },
  {
    name: ["Shoes", "أحذية", "Chaussures"],
    brands: [2, 9, 1],
    shops: [1, 6],
    vat: 0,
    subs: [
      sub(
        ["Sneakers", "أحذية رياضية", "Baskets"],
        [
          ["Running Sneakers", "حذاء جري", "Baskets de course"],
          ["Canvas Sneakers", "حذاء قماشي", "Baskets en toile"],
        ],
        [45, 140],
        "shoes",
        true,
        1,
      ),
      sub(
        ["Boots", "أحذية طويلة", "Bottes"],
        [
          ["Leather Boots", "حذاء جلدي طويل", "Bottes en cuir"],
          ["Hiking Boots", "حذاء مشي جبلي", "Chaussures de randonnée"],
        ],
        [70, 190],
        "shoes",
        true,
        1,
      ),
      sub(
        ["Sandals", "صنادل", "Sandales"],
        [
          ["Slide Sandals", "صندل مفتوح", "Claquettes"],
          ["Strap Sandals", "صندل بأشرطة", "Sandales à brides"],
        ],
        [20, 60],
        "shoes",
        true,
        1,
      ),
    ],
  },
  {
    name: ["Electronics", "إلكترونيات", "Électronique"],
    brands: [3, 5, 4],
    shops: [2, 3],
    vat: 0,
    subs: [
      sub(
        ["Headphones", "سماعات رأس", "Casques"],
        [
          ["Wireless Headphones", "سماعات لاسلكية", "Casque sans fil"],
          ["Earbuds", "سماعات أذن", "Écouteurs"],
        ],
        [30, 250],
        "none",
        true,
      ),
      sub(
        ["Speakers", "مكبرات صوت", "Enceintes"],
        [
          ["Bluetooth Speaker", "مكبر صوت بلوتوث", "Enceinte Bluetooth"],
          ["Soundbar", "مكبر صوت شريطي", "Barre de son"],
        ],
        [40, 300],
        "none",
        true,
      ),
      sub(
        ["Smart Watches", "ساعات ذكية", "Montres connectées"],
        [
          ["Smart Watch", "ساعة ذكية", "Montre connectée"],
          ["Fitness Tracker", "سوار لياقة", "Bracelet d'activité"],
        ],
        [50, 350],
        "none",
        true,
      ),
      sub(
        ["Cameras", "كاميرات", "Appareils photo"],
        [
          ["Action Camera", "كاميرا أكشن", "Caméra d'action"],
          ["Instant Camera", "كاميرا فورية", "Appareil instantané"],
        ],
        [80, 600],
        "none",
        false,
      ),
    ],
  },
  {
    name: ["Computers", "حواسيب", "Informatique"],
    brands: [4, 3, 12],
    shops: [3, 2],
    vat: 0,
    subs: [
      sub(
        ["Laptops", "حواسيب محمولة", "Ordinateurs portables"],
        [
          ["Laptop", "حاسوب محمول", "Ordinateur portable"],
          ["Ultrabook", "حاسوب فائق النحافة", "Ultrabook"],
        ],
        [450, 1800],
        "none",
        false,
      ),
      sub(
        ["Keyboards", "لوحات مفاتيح", "Claviers"],
        [
          ["Mechanical Keyboard", "لوحة مفاتيح ميكانيكية", "Clavier mécanique"],
          ["Wireless Mouse", "فأرة لاسلكية", "Souris sans fil"],
        ],
        [20, 160],
        "none",
        true,
      ),
      sub(
        ["Monitors", "شاشات", "Écrans"],
        [
          ["4K Monitor", "شاشة 4K", "Écran 4K"],
          ["Curved Monitor", "شاشة منحنية", "Écran incurvé"],
        ],
        [150, 700],
        "none",
        false,
      ),
    ],
  },
  {
    name: ["Mobile & Accessories", "الجوال وملحقاته", "Mobile et accessoires"],
    brands: [14, 3, 12],
    shops: [2, 3],
    vat: 0,
    subs: [
      sub(
        ["Phone Cases", "أغطية الهاتف", "Coques"],
        [
          ["Phone Case", "غطاء هاتف", "Coque de téléphone"],
          ["Card Wallet Case", "غطاء محفظة", "Étui portefeuille"],
        ],
        [8, 40],
        "none",
        true,
      ),
      sub(
        ["Chargers", "شواحن", "Chargeurs"],
        [
          ["Fast Charger", "شاحن سريع", "Chargeur rapide"],
          ["Charging Cable", "كابل شحن", "Câble de charge"],
        ],
        [10, 50],
        "none",
        false,
      ),
      sub(
        ["Power Banks", "بطاريات متنقلة", "Batteries externes"],
        [
          ["Power Bank", "بطارية متنقلة", "Batterie externe"],
          ["Wireless Charging Pad", "قاعدة شحن لاسلكية", "Chargeur à induction"],
        ],
        [20, 90],
        "none",
        true,
      ),
    ],
  },
  {
    name: ["Home & Kitchen", "المنزل والمطبخ", "Maison et cuisine"],
    brands: [6, 7, 12],
    shops: [4, 7],
    vat: 0,
    subs: [
      sub(
        ["Cookware", "أواني الطبخ", "Ustensiles"],
        [
          ["Frying Pan", "مقلاة", "Poêle"],
          ["Cookware Set", "طقم أواني طبخ", "Batterie de cuisine"],
        ],
        [25, 220],
        "none",
        false,
        4,
      ),
      sub(
        ["Bedding", "مفروشات", "Literie"],
        [
          ["Duvet Cover", "غطاء لحاف", "Housse de couette"],
          ["Pillow", "وسادة", "Oreiller"],
        ],
        [20, 140],
        "none",
        true,
      ),
      sub(
        ["Lamps", "مصابيح", "Lampes"],
        [
          ["Desk Lamp", "مصباح مكتب", "Lampe de bureau"],
          ["Floor Lamp", "مصباح أرضي", "Lampadaire"],
        ],
        [25, 180],
        "none",
        true,
      ),
    ],
  },
  {
    name: ["Beauty & Health", "الجمال والصحة", "Beauté et santé"],
    brands: [8, 13, 7],
    shops: [5, 7],
    vat: 1,
    subs: [
      sub(
        ["Skincare", "العناية بالبشرة", "Soins de la peau"],
        [
          ["Face Serum", "سيروم للوجه", "Sérum visage"],
          ["Moisturizer", "مرطب", "Crème hydratante"],
        ],
        [12, 75],
        "none",
        false,
      ),
      sub(
        ["Fragrances", "عطور", "Parfums"],
        [
          ["Eau de Parfum", "ماء عطر", "Eau de parfum"],
          ["Body Mist", "رذاذ الجسم", "Brume corporelle"],
        ],
        [25, 160],
        "none",
        false,
      ),
      sub(
        ["Hair Care", "العناية بالشعر", "Soins capillaires"],
        [
          ["Shampoo", "شامبو", "Shampooing"],
          ["Hair Dryer", "مجفف شعر", "Sèche-cheveux"],
        ],
        [8, 120],
        "none",
        false,
      ),
    ],
  },
  {
    name: ["Sports & Outdoors", "الرياضة والهواء الطلق", "Sports et plein air"],
    brands: [9, 2, 14],
    shops: [6, 1],
    vat: 0,
    subs: [
      sub(
        ["Sportswear", "ملابس رياضية", "Vêtements de sport"],
        [
          ["Training Shirt", "قميص تدريب", "Maillot d'entraînement"],
          ["Track Pants", "بنطال رياضي", "Pantalon de survêtement"],
        ],
        [18, 70],
        "clothing",
        true,
      ),
      sub(
        ["Fitness Gear", "معدات اللياقة", "Équipement de fitness"],
        [
          ["Yoga Mat", "حصيرة يوغا", "Tapis de yoga"],
          ["Dumbbell Set", "طقم دمبل", "Set d'haltères"],
        ],
        [15, 160],
        "none",
        true,
      ),
      sub(
        ["Camping", "التخييم", "Camping"],
        [
          ["Camping Tent", "خيمة تخييم", "Tente de camping"],
          ["Sleeping Bag", "كيس نوم", "Sac de couchage"],
        ],
        [35, 260],
        "none",
        true,
      ),
    ],
  },
  {
    name: ["Kids & Toys", "الأطفال والألعاب", "Enfants et jouets"],
    brands: [10, 14, 0],
    shops: [0, 4],
    vat: 0,
    subs: [
      sub(
        ["Kids Clothing", "ملابس أطفال", "Vêtements enfant"],
        [
          ["Kids T-Shirt", "تيشيرت أطفال", "T-shirt enfant"],
          ["Kids Hoodie", "هودي أطفال", "Sweat à capuche enfant"],
        ],
        [10, 40],
        "clothing",
        true,
      ),
      sub(
        ["Toys", "ألعاب", "Jouets"],
        [
          ["Building Blocks", "مكعبات بناء", "Blocs de construction"],
          ["Plush Bear", "دب محشو", "Ours en peluche"],
        ],
        [10, 80],
        "none",
        false,
        4,
      ),
      sub(
        ["School Bags", "حقائب مدرسية", "Cartables"],
        [
          ["School Backpack", "حقيبة ظهر مدرسية", "Sac à dos scolaire"],
          ["Lunch Box", "علبة غداء", "Boîte à lunch"],
        ],
        [12, 55],
        "none",
        true,
      ),
    ],
  },
  {
    name: ["Groceries", "البقالة", "Épicerie"],
    brands: [11, 12],
    shops: [7, 4],
    vat: 1,
    subs: [
      sub(
        ["Coffee & Tea", "القهوة والشاي", "Café et thé"],
        [
          ["Arabica Coffee", "قهوة أرابيكا", "Café arabica"],
          ["Green Tea", "شاي أخضر", "Thé vert"],
        ],
        [6, 35],
        "none",
        false,
        2,
      ),
      sub(
        ["Snacks", "وجبات خفيفة", "Snacks"],
        [
          ["Mixed Nuts", "مكسرات مشكلة", "Mélange de noix"],
          ["Granola Bars", "ألواح جرانولا", "Barres de céréales"],
        ],
        [4, 25],
        "none",
        false,
        2,
      ),
      sub(
        ["Honey & Spreads", "العسل والمربيات", "Miel et pâtes à tartiner"],
        [
          ["Wildflower Honey", "عسل الزهور البرية", "Miel de fleurs sauvages"],
          ["Date Spread", "دبس التمر", "Pâte de dattes"],
        ],
        [6, 30],
        "none",
        false,
        3,
      ),
    ],
  },
  {
    name: ["Bags & Accessories", "الحقائب والإكسسوارات", "Sacs et accessoires"],
    brands: [13, 1, 14],
    shops: [0, 5],
    vat: 0,
    subs: [
      sub(
        ["Backpacks", "حقائب ظهر", "Sacs à dos"],
        [
          ["Travel Backpack", "حقيبة ظهر للسفر", "Sac à dos de voyage"],
          ["Laptop Bag", "حقيبة حاسوب", "Sacoche pour ordinateur"],
        ],
        [30, 140],
        "none",
        true,
      ),
      sub(
        ["Wallets", "محافظ", "Portefeuilles"],
        [
          ["Leather Wallet", "محفظة جلدية", "Portefeuille en cuir"],
          ["Card Holder", "حامل بطاقات", "Porte-cartes"],
        ],
        [15, 80],
        "none",
        true,
      ),
      sub(
        ["Sunglasses", "نظارات شمسية", "Lunettes de soleil"],
        [
          ["Aviator Sunglasses", "نظارة طيار", "Lunettes aviateur"],
          ["Round Sunglasses", "نظارة دائرية", "Lunettes rondes"],
        ],
        [20, 150],
        "none",
        true,
      ),
    ],
  },
];

export const REVIEWERS = ["Emma Wilson", "Omar Haddad", "Sophie Martin", "Liam Chen", "Aisha Rahman", "Lucas Dubois"];

export const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Absolutely love it, exactly as described.",
    "Excellent quality and fast delivery. Highly recommended!",
    "Best purchase I have made this year.",
    "Perfect fit and the finish is beautiful.",
  ],
  4: [
    "Very good product, packaging could be better.",
    "Great value for the price.",
    "Works well, delivery took a day longer than expected.",
    "Nice quality, would buy again.",
  ],
  3: [
    "It is okay, does the job.",
    "Average quality for the price.",
    "Decent, but the colour is a bit different from the photos.",
  ],
  2: ["Not quite what I expected.", "Quality could be much better."],
  1: ["Disappointed, it stopped working after a week."],
};
