/**
 * The storefront's words in Kiswahili, key for key with `en.ts` (decision 53), in the terms of
 * `docs/kiswahili-glossary.md`. Keep this file free of imports: the build reads it as it is.
 */

// The language itself: the page's `lang`, where its pages live, the switch to the other one.
export const htmlLang = "sw-KE";
export const pathPrefix = "/sw";
export const otherLanguage = "en";
export const otherLanguageName = "English";
/** The offer of this language on the other's home page, written in this one (server only). */
export const languageOffer = "Duka hili linapatikana pia kwa Kiswahili.";
export const languageOfferAction = "Endelea kwa Kiswahili";

// The shell: main navigation, help pages, footer.
export const navHome = "Nyumbani";
export const navShop = "Duka";
export const navAbout = "Kuhusu";
export const navContact = "Wasiliana";
export const navDelivery = "Usafirishaji";
export const navReturns = "Kurudisha bidhaa";
export const navTrackOrder = "Fuatilia agizo lako";
export const navMainLabel = "Menyu kuu";
export const navMobileLabel = "Menyu ya simu";
export const navShopCategories = "Aina za bidhaa dukani";
export const openMenu = "Fungua menyu";
export const closeMenu = "Funga menyu";
export const footerAbout =
  "Mavazi ya vitenge yaliyotengenezwa Kenya: nguo za kitenge, ankara na kente kwa wanawake na familia nzima, zilizokatwa na kushonwa Nairobi.";
export const footerQuickLinks = "Viungo vya haraka";
export const footerHelp = "Msaada";
export const footerCollections = "Mikusanyiko";
export const footerRights = (year: number, shopName: string) =>
  `© ${year} ${shopName}. Haki zote zimehifadhiwa.`;
export const opensInNewTab = (name: string) => `${name} (inafunguka kwenye kichupo kipya)`;

// The cart's button and drawer.
export const cartButton = (count: number) => `Kikapu, bidhaa ${count}`;
export const cartDrawerTitle = (count: number) => `Kikapu cha ununuzi (${count})`;
export const closeCart = "Funga kikapu";
export const cartEmpty = "Kikapu chako ni tupu";
export const continueShopping = "Endelea kununua";

// Home.
export const homeTitle = "Mavazi ya vitenge yaliyotengenezwa Kenya";
export const homeDescription = (shopName = "Tunashona") =>
  `${shopName}: magauni ya kitenge, ankara na kente, kimono, shuka na mengineyo, yaliyoshonwa Nairobi kwa wanawake na familia nzima. Lipa kwa M-Pesa au kadi.`;
export const heroKicker = "Imeshonwa Nairobi";
export const heroTitle = "Vitenge vya kuvutia kwa kila siku na kila sherehe";
export const heroText =
  "Magauni ya kitenge, kimono za ankara na shuka za Kimasai, zilizoshonwa kwa wanawake na familia nzima.";
export const heroShop = "Tazama mkusanyiko";
export const heroStory = "Hadithi yetu";
export const featuredTitle = "Bidhaa maalum";
export const featuredText = "Vipendwa vyetu msimu huu";
export const viewAll = "Tazama zote";
export const noFeatured = "Bado hakuna bidhaa maalum zilizochaguliwa. Tafadhali rudi baadaye!";
export const shopByCategory = "Nunua kwa aina";
export const whyShopWithUs = "Kwa nini ununue kwetu";
export const featureFabricsTitle = "Vitambaa halisi";
export const featureFabricsText =
  "Vitenge halisi vya nta, kitenge na shuka zilizofumwa kwa mkono, tulizochagua jora kwa jora katika masoko ya Nairobi.";
export const featureHeritageTitle = "Urithi wa utamaduni";
export const featureHeritageText =
  "Kila nakshi ina hadithi yake, kuanzia vipande vilivyofumwa vya kente hadi mistari myekundu ya shuka.";
export const featureDesignsTitle = "Mitindo ya kisasa";
export const featureDesignsText =
  "Mishono ya kazini, ya wikendi na ya harusi, iliyoshonwa na mikono ya Wakenya.";

// Product cards and prices.
export const featuredBadge = "Maalum";
export const saleBadge = "Ofa";
export const soldOut = "Imeisha";
export const soldOutAside = "(Imeisha)";
export const wasPrice = "Awali";
export const chooseSize = "Chagua saizi";
export const chooseSizeOf = (name: string) => `Chagua saizi ya ${name}`;
export const addChoosingSize = (name: string) => `Ongeza ${name} kwenye kikapu: chagua saizi`;
export const sizeOf = (name: string) => `Saizi ya ${name}`;
export const addToCartNamed = (name: string) => `Ongeza ${name} kwenye kikapu`;

// Categories and their groups; a category not listed is named from its id.
export const categoryNames: Record<string, string> = {
  all: "Bidhaa zote",
  dresses: "Magauni",
  "masaai-shukas": "Shuka za Kimasai",
  trousers: "Suruali",
  skirts: "Sketi",
  blazers: "Makoti ya blazer",
  tshirts: "Fulana",
  kimonos: "Kimono",
  sandals: "Viatu na sandali",
  ponchos: "Poncho",
  "hoodies-trench": "Hudi na makoti marefu",
  jumpsuits: "Nguo za kipande kimoja",
  tops: "Blauzi",
  "kids-wear": "Nguo za watoto",
  "men-wear": "Nguo za wanaume",
  accessories: "Vifaa vya mitindo",
  homedecor: "Mapambo ya nyumbani",
};
/** A product card's category line: the category's name (shown in capitals). */
export const cardLabelIsName: boolean = true;
export const categoryGroups: Record<string, string> = {
  women: "Mitindo ya wanawake",
  men: "Mitindo ya wanaume",
  kids: "Mkusanyiko wa watoto",
  outerwear: "Makoti",
  footwear: "Viatu na vifaa vya mitindo",
  home: "Nyumbani na maisha",
  more: "Zaidi",
};

// Shop.
export const shopTitle = "Nunua mavazi ya vitenge";
export const shopDescription =
  "Nunua magauni, kimono, nguo za kipande kimoja, shuka, nguo za watoto na vifaa vya mitindo vya vitenge vya kuvutia, vilivyotengenezwa Kenya.";
export const shopCategoryTitle = (category: string) => `${category} | Duka`;
export const shopCategoryDescription = (category: string) =>
  `${category} za vitenge vya kuvutia: kitenge, ankara na kente, zilizotengenezwa Kenya. Lipa kwa M-Pesa au kadi.`;
export const searchProducts = "Tafuta bidhaa";
export const searchPlaceholder = "Tafuta bidhaa...";
export const search = "Tafuta";
export const sortBy = "Panga kwa";
export const sortLabels: Record<string, string> = {
  relevance: "Zinazolingana zaidi",
  name: "Jina: A hadi Z",
  "price-asc": "Bei: ya chini kwanza",
  "price-desc": "Bei: ya juu kwanza",
};
export const filterLabels: Record<string, string> = {
  inStockOnly: "Zilizopo tu",
  onSaleOnly: "Zenye ofa",
};
export const apply = "Tumia";
export const filters = "Vichujio";
export const products = "Bidhaa";
export const showingProducts = (total: number) =>
  total === 1 ? "Inaonyesha bidhaa 1" : `Inaonyesha bidhaa ${total}`;
export const loadingProducts = "Inapakia bidhaa";
export const showingResultsFor = (corrected: string) => `Inaonyesha matokeo ya ${corrected}`;
export const backToStart = "Rudi mwanzo wa orodha";
export const noProducts = "Hakuna bidhaa zilizopatikana";
export const noProductsHint = "Jaribu kubadilisha vichujio au neno la utafutaji.";
export const seeResultsIn = (category: string) => `Tazama matokeo katika ${category}`;
export const browseCategory = (category: string) => `Tazama ${category}`;
export const clearFilters = "Futa vichujio";
export const loadMore = "Onyesha zaidi";
export const loadingMore = "Inapakia bidhaa zaidi";
export const categories = "Aina za bidhaa";
export const productCount = (count: number) => `bidhaa ${count}`;

// A product's page.
export const backToShop = "Rudi dukani";
export const size = "Saizi";
export const sizeIs = (size: string) => `Saizi: ${size}`;
export const onlyLeft = (left: number) => `Zimebaki ${left} tu`;
export const addToCart = "Ongeza kwenye Kikapu";
export const tellMeWhenBack = "Niarifu ikirudi";
export const askOnWhatsapp = "Uliza kuhusu hii kwenye WhatsApp";
export const freeDeliveryFrom = (amount: string) =>
  `Usafirishaji ni bure kwa maagizo ya ${amount} au zaidi`;
export const returnPolicy = "Sera ya kurudisha bidhaa ndani ya siku 30";
export const tabDescription = "Maelezo";
export const tabDetails = "Undani";
export const noDetails = "Hakuna maelezo zaidi ya bidhaa hii.";
export const youMightAlsoLike = "Unaweza pia kupenda";
export const productNotFound = "Bidhaa haikupatikana";
export const productNotFoundText = "Bidhaa hii haipo tena dukani, au kiungo kimeandikwa vibaya.";
export const returnToShop = "Rudi dukani";
