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
export const skipToContent = "Ruka hadi maudhui";
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
export const productInformation = "Maelezo ya bidhaa";
export const productPhotos = (name: string) => `Picha za ${name}`;
export const choosePhoto = "Chagua picha";
export const showPhoto = (n: number, of: number) => `Onyesha picha ya ${n} kati ya ${of}`;
export const tabDetails = "Undani";
export const noDetails = "Hakuna maelezo zaidi ya bidhaa hii.";
export const youMightAlsoLike = "Unaweza pia kupenda";
export const productNotFound = "Bidhaa haikupatikana";
export const productNotFoundText = "Bidhaa hii haipo tena dukani, au kiungo kimeandikwa vibaya.";
export const returnToShop = "Rudi dukani";

// Errors, the demo banner, the menu page, a dropped connection.
export const errorPages: Record<string, { title: string; text: string }> = {
  400: {
    title: "Hatukuweza kushughulikia ombi hilo",
    text: "Kuna kitu ambacho hakikuwa sawa katika ulichotuma. Tafadhali rudi nyuma ujaribu tena.",
  },
  403: {
    title: "Akaunti yako hairuhusiwi hapa",
    text: "Akaunti yako haiwezi kufanya hivi. Tafadhali muulize mwenye duka.",
  },
  404: {
    title: "Ukurasa haukupatikana",
    text: "Hatukuweza kupata ukurasa huo. Huenda umehamishwa, au kiungo kimeandikwa vibaya.",
  },
  503: {
    title: "Tutarudi punde",
    text: "Duka limepumzika kwa muda mfupi tunaporekebisha tatizo upande wetu. Tafadhali jaribu tena baada ya dakika moja; kikapu chako kiko salama.",
  },
  500: {
    title: "Hitilafu isiyotarajiwa!",
    text: "Kuna kitu kimeharibika upande wetu. Tafadhali jaribu tena, au rudi dukani.",
  },
};
export const errorKicker404 = "Hitilafu 404";
export const errorKickerBackSoon = "Tunarudi punde";
export const errorKicker = "Hitilafu";
export const tryAgain = "Jaribu tena";
export const backToDashboard = "Rudi kwenye dashibodi";
export const goToHome = "Nenda Nyumbani";
export const demoBanner = "Hali ya majaribio: malipo si ya kweli";
export const menuTitle = "Menyu";
export const menuDescription = "Kurasa zote na mikusanyiko yote ya duka.";
export const noConnectionTitle = "Hakuna mtandao";
export const noConnection = "Hakuna mtandao. Angalia muunganisho wako wa data kisha ujaribu tena.";

// About.
export const aboutTitle = "Hadithi yetu";
export const aboutDescription =
  "Nyumba ya mitindo ya Kenya kwa wanawake na familia nzima: vitenge halisi, vilivyoshonwa kwa upendo jijini Nairobi.";
export const aboutHeading = "Tulianzia Kenya, tunashonea familia nzima";
export const aboutStory = (shopName: string) =>
  `${shopName} ilianza na cherehani moja na rundo la vitenge katika chumba kidogo jijini Nairobi. Marafiki waliuliza magauni yetu yalitoka wapi; kisha marafiki zao nao wakauliza. Leo mafundi wetu hushona magauni, kimono, nguo za kipande kimoja na shuka kwa wanawake kote Kenya, na kwa waume na watoto wao pia.`;
export const aboutBelief =
  "Tunaamini kwamba vitenge si vazi la siku maalum tu: ni furaha ya kila siku. Kwa hiyo tunabuni mavazi ya ofisini, kanisani, harusini na wikendi, kwa vitambaa visivyopoteza rangi na mishono inayopendeza kila umbo.";
export const aboutValuesHeading = "Tunachosimamia";
/** In the order of their icons: palette, scissors, sparkles, heart. */
export const aboutValues: { title: string; text: string }[] = [
  {
    title: "Vitenge halisi",
    text: "Vitenge halisi vya nta, kitenge na kikoi, tulivyochagua jora kwa jora kutoka kwa wafanyabiashara wa Gikomba na Barabara ya Biashara.",
  },
  {
    title: "Vimeshonwa kwa upendo",
    text: "Kila vazi hukatwa na kushonwa na mafundi wetu jijini Nairobi, kwa mishono iliyokamilika na mifuko halisi.",
  },
  {
    title: "Msukumo wa utamaduni",
    text: "Kuanzia shuka za Kimasai hadi kente ya Ghana, tunasherehekea hadithi ambazo kila nakshi hubeba.",
  },
  {
    title: "Kwa kila mwanamke",
    text: "Saizi S hadi XXL, mishono ya kila umbo, na mavazi yanayolingana kwa familia nzima.",
  },
];
export const aboutCollections = "Mikusanyiko yetu";

// Delivery: the methods (also in the shopper's messages), the pickup points, the page.
export const deliveryMethods: Record<string, string> = {
  pickup: "Kuchukua mwenyewe",
  matatu: "Kifurushi kwa matatu",
  rider: "Boda boda",
};
export const free = "Bure";
/** Where each pickup point is and when it is open, by its name (the checkout's choice). */
export const pickupPoints: Record<string, { where: string; hours: string }> = {
  "Tom Mboya Meru South House 2nd floor Rm 205": {
    where: "Jengo la Meru South House, Barabara ya Tom Mboya, katikati ya jiji la Nairobi.",
    hours: "Jumatatu hadi Jumamosi, saa tatu asubuhi hadi saa kumi na mbili jioni.",
  },
  "Milele Mall Ngong": {
    where: "Duka letu katika Milele Mall, Barabara ya Ngong, mjini Ngong.",
    hours:
      "Jumatatu hadi Jumamosi saa tatu asubuhi hadi saa moja usiku, Jumapili saa tano asubuhi hadi saa kumi na moja jioni.",
  },
};
export const pickupBring =
  "Leta nambari ya agizo lako au nambari ya simu uliyoagizia. Mtu mwingine anaweza kukuchukulia kwa nambari hiyo.";
export const deliveryTitle = "Usafirishaji";
export const deliveryDescription =
  "Kuchukua mwenyewe Nairobi CBD au Ngong, vifurushi kwa matatu hadi miji kote Kenya, na boda boda hadi mlangoni kwako Nairobi: gharama, maeneo na muda.";
export const deliveryHeading = "Jinsi agizo lako linavyokufikia";
export const deliveryIntro =
  "Tunafunga kila agizo Nairobi na kulituma kwa njia unayochagua wakati wa kulipa: ulichukue katika mojawapo ya vituo vyetu, ulipokee kama kifurushi kwa matatu mjini kwako, au boda boda ikuletee mlangoni. Unalipia usafirishaji pamoja na agizo lako, kwa M-Pesa au kadi.";
export const deliveryFreeOver = (amount: string) =>
  `Usafirishaji ni bure kwa kila agizo la ${amount} au zaidi, kwa njia yoyote utakayochagua.`;
export const deliveryFeesHeading = "Gharama na muda";
export const deliveryTableCaption = "Njia za usafirishaji, gharama zake na muda wake";
export const deliveryMethod = "Njia";
export const deliveryFee = "Gharama";
export const deliveryWhen = "Linapokufikia";
export const deliveryWhenByMethod: Record<string, string> = {
  pickup:
    "Liko tayari siku ya kazi inayofuata baada ya kulipa. Tunakupigia simu au kukutumia ujumbe likiwa tayari.",
  matatu: "Katika ofisi ya sacco mjini kwako ndani ya siku 1 hadi 3 za kazi.",
  rider:
    "Siku hiyo hiyo ukilipa kabla ya saa saba mchana, Jumatatu hadi Jumamosi; vinginevyo siku ya kazi inayofuata.",
};
export const deliveryPackingDays =
  "Tunafunga maagizo Jumatatu hadi Jumamosi. Agizo lililolipiwa Jumapili au siku ya sikukuu huondoka siku ya kazi inayofuata.";
export const pickupPointsHeading = "Vituo vya kuchukulia";
export const matatuHeading = "Vifurushi kwa matatu kote Kenya";
export const matatuText =
  "Tunakabidhi kifurushi chako kwa sacco iliyosajiliwa Nairobi na kukutumia nambari ya kifurushi. Unakichukua katika ofisi ya sacco mjini kwako ukiwa na kitambulisho chako. Tunatuma kwa kila mji ambao sacco huhudumia kutoka Nairobi, ikiwemo:";
export const riderHeading = "Boda boda Nairobi na viunga vyake";
export const riderText =
  "Mwendesha boda boda anakupigia simu kabla ya kufika na kukukabidhi kifurushi kwenye anwani unayotoa wakati wa kulipa. Boda boda hufika:";
export const riderFurther =
  "Uko mbali zaidi? Chagua kifurushi kwa matatu, au tuulize kwenye WhatsApp kabla ya kuagiza.";
export const outsideKenyaHeading = "Nje ya Kenya";
export const outsideKenyaText =
  "Kwa sasa tunasafirisha ndani ya Kenya tu. Usafirishaji kwa nchi nyingine za Afrika unakuja hivi karibuni.";
export const ourReturnPolicy = "Sera yetu ya kurudisha bidhaa";
export const askUsAQuestion = "Tuulize swali";

// Returns.
export const returnsTitle = "Kurudisha bidhaa";
export const returnsDescription =
  "Sera ya kurudisha bidhaa ndani ya siku 30: badilisha saizi au urudishiwe pesa zako kwa M-Pesa au kadi yako.";
export const returnsIntro =
  "Kama vazi halikufai, una siku 30 tangu siku unapopokea agizo lako kulirudisha. Libadilishe kwa saizi nyingine, au urudishiwe pesa zako kwenye nambari ya M-Pesa au kadi uliyolipia.";
export const canReturnHeading = "Unachoweza kurudisha";
export const canReturn: string[] = [
  "Mavazi ambayo hayajavaliwa wala kufuliwa, yakiwa na lebo zake",
  "Saizi isiyokutosha: tunaibadilisha kwa saizi nyingine",
  "Vazi lenye kasoro, au lisilo lile ulioagiza",
];
export const cannotReturnHeading = "Tusichoweza kupokea tena";
export const cannotReturn: string[] = [
  "Mavazi tuliyorekebisha au kushona kwa vipimo vyako",
  "Hereni, kwa sababu za usafi",
  "Mavazi yaliyovaliwa, kufuliwa au kupakwa manukato",
];
export const howToReturnHeading = "Jinsi ya kurudisha vazi";
export const howToReturnTell = (email: string) =>
  `Tuambie kwenye WhatsApp au kwa barua pepe (${email}) ndani ya siku 30 tangu upokee agizo lako: nambari ya agizo, vazi lenyewe, na kama unataka saizi nyingine au urudishiwe pesa.`;
export const howToReturnBring = (first: string, second: string) =>
  `Leta vazi katika mojawapo ya vituo vyetu vya kuchukulia (${first}, au ${second}), au utume kwetu kama kifurushi kwa matatu hadi Nairobi.`;
export const howToReturnCheck =
  "Tunalikagua ndani ya siku 2 za kazi tangu tulipokee na kukuambia kitakachofuata.";
export const refundsHeading = "Kurudishiwa pesa na kubadilisha";
export const refundsRules: string[] = [
  "Pesa hurudishwa kwenye nambari ya M-Pesa au kadi uliyolipia, ndani ya siku 7 za kazi baada ya ukaguzi wetu.",
  "Ukibadilisha, tunakutumia saizi mpya kwa njia uliyochagua mwanzo, na hulipii usafirishaji mara ya pili.",
  "Unalipia mwenyewe gharama ya kurudisha vazi, isipokuwa kama lilikuwa na kasoro au halikuwa lile ulioagiza: hapo tunakurudishia gharama hiyo na ya usafirishaji wa mwanzo pia.",
];
export const deliveryFeesAndTimes = "Gharama na muda wa usafirishaji";
export const contactAboutReturn = "Wasiliana nasi kuhusu kurudisha";

// Contact.
export const contactTitle = "Wasiliana nasi";
export const contactDescription =
  "Una swali kuhusu saizi, agizo au bidhaa za jumla? Zungumza nasi kwenye WhatsApp, piga simu, tuma barua pepe au utembelee duka letu Ngong.";
export const contactHeading = "Wasiliana nasi";
export const contactIntro =
  "Una swali kuhusu saizi, agizo au idadi ya jumla? Tunajibu kwenye WhatsApp ndani ya saa moja wakati duka liko wazi.";
export const contactCards: Record<string, string> = {
  whatsapp: "WhatsApp",
  chatWithUs: "Zungumza nasi",
  email: "Barua pepe",
  phone: "Simu",
  location: "Mahali",
};
export const sendUsAMessage = "Tutumie ujumbe";
export const fieldName = "Jina";
export const fieldEmail = "Barua pepe";
export const fieldSubject = "Mada";
export const fieldMessage = "Ujumbe";
export const chooseSubject = "Chagua mada";
/** The subjects as the shopper reads them (the shop's WhatsApp gets them in English). */
export const contactSubjects: Record<string, string> = {
  general: "Swali la jumla",
  product: "Swali kuhusu bidhaa",
  order: "Msaada kuhusu agizo",
  partnership: "Ushirikiano",
  wholesale: "Bidhaa za jumla",
};
export const sendViaWhatsapp = "Tuma ujumbe kwa WhatsApp";
export const redirectedToWhatsapp = "Utapelekwa kwenye WhatsApp kutuma ujumbe wako";
export const faqHeading = "Maswali yanayoulizwa mara kwa mara";
export const faq: { q: string; a: string; link?: { to: string; label: string } }[] = [
  {
    q: "Ninawezaje kuagiza?",
    a: "Tazama bidhaa dukani, weka unazozipenda kwenye kikapu, kisha ulipe kupitia ukurasa salama wa malipo wa Pesapal.",
  },
  {
    q: "Ninaweza kulipa vipi?",
    a: "Kwa M-Pesa, Visa, Mastercard na pesa nyingine za simu, kupitia Pesapal.",
  },
  {
    q: "Mnasafirisha wapi?",
    a: "Hasa ndani ya Kenya, kwa kifurushi cha matatu, boda boda au kuchukua mwenyewe Nairobi. Usafirishaji kwa nchi nyingine za Afrika unakuja hivi karibuni.",
    link: { to: "/delivery", label: "Gharama za usafirishaji, vituo vya kuchukulia na muda" },
  },
  {
    q: "Naweza kurudisha vazi?",
    a: "Ndiyo, ndani ya siku 30 tangu ulipopokea: libadilishe kwa saizi nyingine au urudishiwe pesa zako.",
    link: { to: "/returns", label: "Sera yetu ya kurudisha bidhaa" },
  },
  {
    q: "Ninatunzaje kitambaa cha kitenge?",
    a: "Fua kwa maji baridi na sabuni laini bila dawa ya kuondoa rangi, kisha anika hewani au kausha kwa moto mdogo.",
  },
];
export const followUs = "Tufuate";
export const needHelp = "Unahitaji msaada sasa hivi?";
export const teamAMessageAway = "Timu yetu iko umbali wa ujumbe mmoja tu.";
export const startWhatsappChat = "Anza mazungumzo ya WhatsApp";
export const helpWhatsapp = (shopName: string) =>
  `Habari! Ningependa kujua zaidi kuhusu mikusanyiko ya mavazi ya ${shopName}.`;
export const enterName = "Tafadhali andika jina lako";
export const enterValidEmail = "Tafadhali andika barua pepe sahihi";
export const chooseASubject = "Tafadhali chagua mada";
export const enterMessage = "Tafadhali andika ujumbe wako";
export const keepUnder = (max: number) => `Tafadhali usizidishe herufi ${max}`;

// The cart, its drawer and the checkout; what the server says about them.
export const cartTitle = "Kikapu na malipo";
export const cartDescription = "Kikapu chako, usafirishaji na malipo.";
export const cartEmptyTitle = "Kikapu chako ni tupu";
export const cartEmptyText = "Chagua kitenge unachokipenda, nacho kitakusubiri hapa.";
export const yourCart = "Kikapu chako";
export const itemCount = (count: number) => `bidhaa ${count}`;
export const noLongerAvailable = "Haipatikani tena";
export const priceEach = (price: string) => `${price} kila kimoja`;
export const remove = "Ondoa";
export const removeLine = (name: string, size: string) =>
  size ? `Ondoa ${name}, saizi ${size}` : `Ondoa ${name}`;
export const oneFewer = (name: string, size: string) =>
  size ? `Punguza kimoja: ${name}, saizi ${size}` : `Punguza kimoja: ${name}`;
export const oneMore = (name: string, size: string) =>
  size ? `Ongeza kimoja: ${name}, saizi ${size}` : `Ongeza kimoja: ${name}`;
export const quantityLabel = "Idadi";
export const clearCart = "Futa kikapu";
export const cartCleared = "Kikapu chako kimefutwa.";
export const undo = "Rudisha";
export const checkout = "Malipo";
export const lastPaymentFailed = "Malipo yako ya mwisho hayakukamilika.";
export const detailsFilledIn =
  "Maelezo yako ya agizo hilo yamejazwa hapa chini: yakague, kisha ulipe.";
export const fullName = "Jina kamili";
export const phone = "Nambari ya simu";
export const deliveryMethodLegend = "Njia ya usafirishaji";
export const deliveryAddress = "Anwani ya kupelekea";
export const deliveryAddressPlaceholder = "Mtaa, barabara, jengo, alama ya karibu";
export const pickupLocation = "Mahali pa kuchukulia";
export const city = "Mji";
export const orderNotes = "Maelezo ya agizo";
export const payment = "Njia ya kulipa";
/** Each payment provider's choice and note at checkout, by its name. */
export const paymentChoices: Record<string, { choice: string; note: string }> = {
  "mpesa-express": {
    choice: "M-Pesa: lipa kwenye simu yako",
    note: "M-Pesa itatuma ombi la malipo kwenye simu yako: weka PIN yako ya M-Pesa hapo.",
  },
  pesapal: {
    choice: "Kadi au pesa nyingine za simu (Pesapal)",
    note: "Utalipa kwa M-Pesa au kadi kwenye ukurasa salama wa Pesapal.",
  },
};
export const payerPhone = "Nambari ya M-Pesa, kama si ile ya simu hapo juu";
export const discountCode = "Msimbo wa punguzo";
export const removeTheCode = "Ondoa msimbo";
export const removeCode = (code: string) => `Ondoa msimbo ${code}`;
export const subtotal = "Jumla ndogo";
export const freeDeliveryCode = (code: string) => `Usafirishaji bure (${code})`;
export const discountNamed = (code: string) => `Punguzo (${code})`;
export const delivery = "Usafirishaji";
export const deliveryFeeLabel = "Gharama ya usafirishaji";
export const total = "Jumla";
export const processing = "Inashughulikiwa...";
export const updatingTotal = "Inasasisha jumla...";
export const placeOrderNothingToPay = "Weka agizo (hakuna cha kulipa)";
export const payAmount = (amount: string) => `Lipa ${amount}`;
export const moreForFreeDelivery = (amount: string) =>
  `Ongeza ${amount} zaidi upate usafirishaji bure.`;
export const totalForChosenDelivery = (amount: string) =>
  `Kwa njia ya usafirishaji uliyochagua, jumla yako ni ${amount}. Tafadhali iangalie kisha ubonyeze Lipa tena.`;
export const enterFullName = "Tafadhali andika jina lako kamili";
export const enterKenyanPhone =
  "Tafadhali andika nambari sahihi ya simu ya Kenya (mfano, 0712345678 au 254712345678)";
export const enterDeliveryLocation = "Tafadhali taja mahali hasa pa kukuletea";
export const enterPayerPhone =
  "Tafadhali andika nambari ya M-Pesa utakayolipia (mfano, 0712345678 au 254712345678)";
export const chooseDeliveryMethod =
  "Tafadhali chagua kuchukua mwenyewe, kifurushi kwa matatu au boda boda.";
export const checkTheForm = "Tafadhali kagua fomu.";
export const addedToCart = "Imeongezwa kwenye kikapu!";
export const productNotAvailable = "Samahani, bidhaa hiyo haipatikani.";
export const chooseASize = "Tafadhali chagua saizi.";
export const chooseWholeNumber = "Tafadhali chagua idadi kamili ya bidhaa.";
export const chooseBetween = (max: number) => `Tafadhali chagua kati ya bidhaa 1 na ${max}.`;
export const linesUnreadable = "Hatukuweza kusoma bidhaa hizo za kikapu. Tafadhali ziongeze tena.";
export const onlyLeftInSize = (left: number, size: string) =>
  `Zimebaki ${left} tu za saizi ${size}`;
export const sizeSoldOut = (size: string) => `Saizi ${size} imeisha`;
export const onlyLeftOf = (left: number) => `Zimebaki ${left} tu`;
export const pieceSoldOut = "Vazi hili limeisha";
export const codeAppliedFree = (code: string) => `Msimbo ${code} umetumika: usafirishaji bure.`;
export const codeAppliedOff = (code: string, amount: string) =>
  `Msimbo ${code} umetumika: punguzo la ${amount}.`;
export const enterACode = "Tafadhali andika msimbo.";
export const pricesChanged =
  "Bei zimebadilika tangu ulipoweka bidhaa hizi kwenye kikapu. Tafadhali kagua kikapu chako.";
export const tooManyCheckouts =
  "Maagizo mengi mno yametoka kwenye mtandao wako katika dakika chache zilizopita. Tafadhali subiri dakika 10 kisha ujaribu tena.";
export const tooManyCheckoutsForShopper =
  "Maagizo mengi mno yametoka kwenye kikapu hiki au kwa nambari hii ya simu katika dakika chache zilizopita. Tafadhali subiri dakika 10 kisha ujaribu tena.";
export const paymentFailed = "Malipo hayakufaulu. Tafadhali jaribu tena au wasiliana nasi.";
export const providerUnavailable = "Njia hiyo ya kulipa haipatikani. Tafadhali chagua nyingine.";
export const alreadyPaid = "Agizo hili limeshalipiwa.";
export const alreadyOnItsWay =
  "Agizo lako tayari linapelekwa kwenye ukurasa wa malipo. Tafadhali subiri kidogo kisha ujaribu tena.";
export const cartIsEmpty = "Kikapu chako ni tupu.";
export const tooManyLines = (max: number) =>
  `Agizo moja linaweza kuwa na bidhaa tofauti ${max} tu.`;
export const itemUnavailable = (name: string) =>
  `${name} haipatikani tena. Tafadhali iondoe kwenye kikapu chako.`;
export const anItemUnavailable =
  "Bidhaa moja katika kikapu chako haipatikani tena. Tafadhali iondoe kwenye kikapu chako.";
export const chooseQuantityOf = (max: number, name: string) =>
  `Tafadhali chagua kati ya 1 na ${max} za ${name}.`;
export const chooseValidSize = (name: string) => `Tafadhali chagua saizi sahihi ya ${name}.`;
export const onlyLeftOfInSize = (left: number, name: string, size: string) =>
  `Zimebaki ${left} tu za ${name} saizi ${size}. Tafadhali punguza idadi kwenye kikapu chako.`;
export const onlyLeftOfName = (left: number, name: string) =>
  `Zimebaki ${left} tu za ${name}. Tafadhali punguza idadi kwenye kikapu chako.`;
export const soldOutOfInSize = (name: string, size: string) =>
  `${name} saizi ${size} imeisha. Tafadhali iondoe kwenye kikapu chako.`;
export const soldOutOfName = (name: string) =>
  `${name} imeisha. Tafadhali iondoe kwenye kikapu chako.`;
export const someoneIsPaying =
  "Mtu mwingine analipia kipande cha mwisho. Jaribu tena baada ya dakika chache, au chagua saizi nyingine.";
export const someoneIsPayingNoSize =
  "Mtu mwingine analipia kipande cha mwisho. Jaribu tena baada ya dakika chache, au chagua vazi lingine.";
export const holdLimitReached =
  "Vipande vingi mno vinasubiri malipo kutoka kwenye kikapu hiki, nambari hii ya simu au mtandao huu. Tafadhali maliza malipo uliyoanza, au ujaribu tena baada ya dakika chache.";
export const holdTooLarge = (max: number) =>
  `Agizo moja linaweza kushikilia vipande ${max} tu wakati linalipiwa. Tafadhali agiza vipande vichache kwa wakati mmoja, au wasiliana nasi.`;
/** Why a discount code does not apply, by reason. */
export const codeMessages: Record<string, string> = {
  unknown: "Msimbo huu si sahihi. Tafadhali uangalie kisha ujaribu tena.",
  notYet: "Msimbo huu bado haujaanza kutumika.",
  expired: "Muda wa msimbo huu umekwisha.",
  nothingEligible: "Msimbo huu hauhusu bidhaa yoyote katika kikapu chako.",
  usedUp: "Msimbo huu umeshatumika wote.",
  usedByYou: "Umeshatumia msimbo huu.",
  tooManyTries: "Umejaribu misimbo mingi mno. Tafadhali subiri dakika chache kisha ujaribu tena.",
};
export const codeNeedsMinOrder = (amount: string) =>
  `Msimbo huu unahitaji agizo la ${amount} au zaidi.`;
/** The contact form's message to the shop's WhatsApp, as the shopper sends it. */
export const contactWhatsapp = (name: string, email: string, subject: string, message: string) =>
  `*Ujumbe kutoka fomu ya mawasiliano*\n\n*Jina:* ${name}\n*Barua pepe:* ${email}\n*Mada:* ${subject}\n*Ujumbe:* ${message}`;

// Order pages: paying, success, tracking, lookup, back in stock.
export const yourOrder = "Agizo lako";
export const orderNumber = (reference: string) => `Agizo ${reference}`;
export const paymentFailedHeading = "Malipo yako hayakufaulu";
export const alreadyPaidHeading = "Ununuzi huu tayari umelipiwa";
export const followOrder = (reference: string) => `Fuatilia agizo ${reference}`;
export const checkAgain = "Angalia tena";
export const payAgain = "Lipa tena";
export const chatOnWhatsapp = "Zungumza nasi kwenye WhatsApp";
export const orderQuestion = (reference: string) =>
  `Habari, nina swali kuhusu agizo langu ${reference}.`;
export const orderQuestionNoReference = "Habari, nina swali kuhusu agizo langu.";
export const receiptSubtotal = "Jumla ndogo";
export const receiptDelivery = "Usafirishaji";
export const receiptDeliveryBy = (method: string) => `Usafirishaji (${method})`;
export const receiptTotal = "Jumla";
export const receiptDiscount = (code: string) => `Punguzo (${code})`;
/** Why a payment did not go through, by the failure the provider reported. */
export const paymentFailures: Record<string, string> = {
  cancelled: "Malipo yalisitishwa kabla ya kukamilika.",
  insufficient_funds: "Hapakuwa na pesa za kutosha kwenye akaunti au kadi uliyolipia.",
  timed_out:
    "Muda wa ombi la malipo uliisha: huenda ombi la M-Pesa kwenye simu yako lilifungwa kabla hujaweka PIN yako.",
  wrong_pin: "PIN ya M-Pesa iliyowekwa haikukubaliwa.",
  declined: "Benki yako au mtoaji wa kadi yako alikataa malipo.",
  busy: "Ombi jingine la M-Pesa lilikuwa tayari linasubiri kwenye simu hiyo. Likamilishe au ulighairi, kisha ujaribu tena.",
};
export const paymentNotAccepted = (provider: string) => `${provider} haikukubali malipo.`;
export const payTitle = "Lipa kwa simu yako";
export const payWaitingHeading = "Tunasubiri malipo yako";
/** The waiting page's heading and button, by the provider the shopper pays with on their phone. */
export const payWaitingWords: Record<string, { heading: string; again: string }> = {
  "mpesa-express": {
    heading: "Angalia simu yako na uweke PIN yako ya M-Pesa",
    again: "Tuma ombi tena",
  },
};
export const payAsking = (shopName: string, amount: string, phone: string) =>
  `${shopName} inakuomba ${amount} kwenye nambari ${phone}.`;
export const payMovesOn = (reference: string) =>
  `Agizo ${reference}. Ukurasa huu utaendelea wenyewe ukishalipa.`;
export const payNothingCharged = (reference: string, amount: string) =>
  `Hakuna pesa iliyokatwa. Bado unaweza kulipia agizo ${reference} la ${amount}.`;
export const payMpesaNumber = "Nambari ya M-Pesa";
export const payAnotherWay = "Lipa kwa njia nyingine";
export const paymentNotFound = "Hatukuweza kupata malipo hayo.";
export const paymentMethodUnavailable =
  "Njia hiyo ya malipo haipatikani. Tafadhali chagua nyingine.";
export const paymentTooManyAttempts =
  "Maombi mengi mno ya malipo yamefanywa kwa agizo hili katika dakika chache zilizopita. Tafadhali subiri dakika 10 kisha ujaribu tena.";
export const paymentServiceUnreachable =
  "Hatukuweza kufikia huduma ya malipo. Tafadhali jaribu tena baada ya muda mfupi.";
export const paymentReplaced =
  "Ulichagua njia nyingine ya kulipia agizo hili. Bado unaweza kutuma ombi tena.";
export const demoPhone = "Simu ya majaribio";
export const demoEnterPin = "Weka PIN ya M-Pesa";
export const demoPayTo = (amount: string, shopName: string) => `Lipa ${amount} kwa ${shopName}?`;
export const demoPinLabel = "PIN (tarakimu zozote nne)";
export const demoCancel = "Ghairi";
export const demoPay = "Lipa";
export const demoOtherOutcomes = "Matokeo mengine";
export const successTitle = "Asante kwa agizo lako!";
export const orderNotFoundHeading = "Hatukuweza kupata agizo hilo";
export const orderNotFound = "Hatukuweza kupata agizo hilo.";
export const justPaidHint =
  "Kama umelipa sasa hivi, tafadhali angalia ujumbe wako au wasiliana nasi.";
export const successPaidAs = (paidWith: string, reference: string) =>
  `Ulilipia bidhaa hizi kwa agizo ${paidWith}: hakuna zaidi cha kulipa kwa agizo ${reference}.`;
export const trackingPaidAs = (paidWith: string) =>
  `Ulilipia bidhaa hizi kwa agizo ${paidWith}: hakuna zaidi cha kulipa kwa agizo hili.`;
export const confirmingHeading = "Tunathibitisha malipo yako…";
export const confirmingText = (provider: string) =>
  `Tunasubiri ${provider} ithibitishe malipo yako. M-Pesa inaweza kuchukua sekunde chache; ukurasa huu unaangalia tena wenyewe.`;
export const notConfirmedHeading = "Malipo yako bado hayajathibitishwa";
export const notConfirmedPayHere = (provider: string) =>
  `${provider} haijayathibitisha baada ya dakika mbili. Kama pesa zimetoka kwenye akaunti yako, zitaonekana hapa ikishayathibitisha: angalia tena baada ya dakika chache. Kama hukumaliza kulipa, unaweza kulipa tena, au kuzungumza nasi kwenye WhatsApp.`;
export const notConfirmedPayThere = (provider: string) =>
  `${provider} haijayathibitisha baada ya dakika mbili. Kama pesa zimetoka kwenye akaunti yako, zitaonekana hapa ikishayathibitisha: angalia tena baada ya dakika chache. Kama hukumaliza kulipa, lipa tena kutoka kwenye simu au kompyuta uliyoagizia, au zungumza nasi kwenye WhatsApp.`;
export const failedTryAgainText =
  "Hakuna pesa iliyokatwa. Unaweza kujaribu tena: bidhaa zako na maelezo uliyotoa yanarudi kwenye kikapu chako.";
export const successText =
  "Malipo yako yamefaulu. Tumepokea agizo lako na tutaanza kulishughulikia hivi punde. Utapokea ujumbe wa uthibitisho hivi karibuni.";
export const successNextPickup =
  "Sasa tunafunga agizo lako, na tutakutumia ujumbe likiwa tayari kuchukuliwa.";
export const successNextSent = "Sasa tunafunga agizo lako, na tutakutumia ujumbe likiwa njiani.";
export const followYourOrder = "Fuatilia agizo lako";
export const orderPlaced = (when: string) => `Tarehe ya agizo: ${when}`;
/** The payment as the tracking page says it, by what the provider reported. */
export const trackPaymentFacts: Record<string, string> = {
  paid: "Limelipiwa",
  confirming: "Tunasubiri malipo yako yathibitishwe",
  failed: "Malipo hayakufaulu",
  checking: "Tunakagua malipo yako",
};
/** Each step's state, said after its name to a screen reader. */
export const trackStepSaid: Record<string, string> = {
  done: " (imekamilika)",
  now: " (inaendelea sasa)",
  next: " (bado)",
};
/** The steps of a paid order, by their state. */
export const trackSteps: Record<string, string> = {
  to_pack: "Kufungwa",
  ready_for_pickup: "Tayari kuchukuliwa",
  sent: "Limetumwa",
  delivered: "Limefikishwa",
  collected: "Limechukuliwa",
};
export const whatToDoNext = "Ufanye nini sasa";
export const trackConfirmingPayHere = (provider: string) =>
  `Kama pesa zimetoka kwenye akaunti yako, ukurasa huu utaonyesha hivyo ${provider} ikishathibitisha: angalia tena baada ya dakika chache. Kama hukumaliza kulipa, unaweza kulipa tena, au kuzungumza nasi kwenye WhatsApp.`;
export const trackConfirmingPayThere = (provider: string) =>
  `Kama pesa zimetoka kwenye akaunti yako, ukurasa huu utaonyesha hivyo ${provider} ikishathibitisha: angalia tena baada ya dakika chache. Kama hukumaliza kulipa, lipa tena kutoka kwenye simu au kompyuta uliyoagizia, au zungumza nasi kwenye WhatsApp.`;
export const whereYourOrderIs = "Agizo lako liko wapi";
export const readyForPickupOn = (day: string) => `Litakuwa tayari kuchukuliwa ${day}.`;
export const expectedAtSacco = (from: string, to: string) =>
  `Linatarajiwa katika ofisi ya sacco kati ya ${from} na ${to}.`;
export const expectedWithYou = (day: string) => `Linatarajiwa kukufikia ${day}.`;
export const packingNow = "Tunafunga agizo lako.";
export const whereToCollect = "Mahali pa kulichukua";
export const pickupOpen = (hours: string) => `Saa za kufungua: ${hours}`;
export const whatYouOrdered = "Ulichoagiza";
export const pickupAt = (place: string | null) =>
  `Kuchukua mwenyewe katika ${place ?? "duka letu"}`;
export const orderRefunded = "Pesa zimerudishwa";
export const orderPartlyRefunded = "Sehemu ya pesa imerudishwa";
/** A line of the order some or all of whose pieces were refunded. */
export const lineRefunded = (refunded: number, quantity: number) =>
  refunded >= quantity
    ? "Pesa yake imerudishwa"
    : `Pesa ya ${refunded === 1 ? "kipande 1" : `vipande ${refunded}`} kati ya ${quantity} imerudishwa`;
export const trackIntro =
  "Andika nambari ya agizo iliyo kwenye ujumbe au risiti yako, na nambari ya simu uliyotumia ulipolipa.";
export const orderReferenceLabel = "Nambari ya agizo";
export const orderReferenceExample = "mf. 3F9A1C2B";
export const phoneNumberLabel = "Nambari ya simu";
export const findMyOrder = "Tafuta agizo langu";
export const trackNotFound =
  "Hatukupata agizo lenye nambari hiyo ya agizo na nambari hiyo ya simu. Tafadhali angalia zote mbili kisha ujaribu tena.";
export const trackTooManyTries =
  "Umejaribu mara nyingi mno. Kwa usalama wa maagizo ya wateja wetu, tafadhali jaribu tena baada ya saa moja.";
export const alertTitle = (name: string) => `Niarifu ${name} ikirudi`;
export const alertDescription = "SMS moja bidhaa iliyoisha ikirudi dukani.";
export const alertIntro =
  "Acha nambari yako ya simu: mara ya kwanza tutakutumia SMS ya kuithibitisha, kisha SMS moja bidhaa hii ikirudi dukani. Hatutumii nambari hiyo kwa jambo lingine lolote.";
export const optionalField = "(si lazima)";
export const anySize = "Saizi yoyote";
export const alertPhone = "Simu";
export const alertProductNotFound = "Hatukuweza kupata bidhaa hiyo.";
export const alertChooseSize = "Tafadhali chagua mojawapo ya saizi za bidhaa hii.";
export const alertInStockNow =
  "Habari njema: bidhaa hii ipo sasa, kwa hiyo unaweza kuiongeza kwenye kikapu chako.";
export const alertTooMany =
  "Nambari nyingi mno zimeachwa kutoka kwenye muunganisho wako katika dakika chache zilizopita. Tafadhali subiri dakika 10 kisha ujaribu tena.";
export const alertWillSend = (phone: string) => `Tutatuma SMS kwa ${phone} bidhaa hii ikirudi.`;
export const alertConfirmSent = (phone: string) =>
  `Tumetuma SMS kwa ${phone}. Fungua kiungo chake kuthibitisha nambari yako, nasi tutakutumia SMS bidhaa ikirudi.`;
export const alertConfirmWaiting = (phone: string) =>
  `Thibitisha ${phone} kwa kiungo kilicho kwenye SMS tuliyokutumia awali, nasi tutakutumia SMS bidhaa ikirudi.`;
export const alertConfirmTitle = "Thibitisha nambari yako";
export const alertConfirmAsk = (phone: string) =>
  `Thibitisha ${phone} upate SMS bidhaa ulizoulizia zikirudi dukani.`;
export const alertConfirmButton = "Thibitisha nambari yangu";
export const alertConfirmDone = (phone: string) =>
  `Asante. ${phone} imethibitishwa: tutakutumia SMS ulichoulizia kikirudi.`;
export const alertConfirmInvalid =
  "Kiungo hiki si sahihi. Acha nambari yako tena kwenye ukurasa wa bidhaa.";
export const askBackInStockSize = (name: string, size: string, url: string) =>
  `Habari, ${name} itarudi dukani kwa saizi ${size}? ${url}`;
export const askBackInStockAny = (name: string, url: string) =>
  `Habari, ${name} itarudi dukani? ${url}`;

// A form too large to send (the server's page, without JavaScript).
export const tooLargeTitle = "Ni kubwa mno kutumwa";
export const tooLargeForm =
  "Fomu uliyotuma ni kubwa mno. Tafadhali fupisha ulichoandika kisha ujaribu tena.";
export const tooLargePhotos =
  "Picha ulizochagua ni kubwa mno kwa pamoja. Chagua picha 3 au chache, kila moja MB 10 au chini, kisha ujaribu tena.";
export const goBack = "Rudi nyuma";

// An M-Pesa number's prompts are limited, whichever orders ask (a stranger cannot flood a phone).
export const promptOpenOnNumber =
  "Kuna ombi la malipo linalosubiri kwenye nambari hii ya M-Pesa. Lijibu au ulighairi kwenye simu, kisha ujaribu tena baada ya dakika chache, au ulipe kwa njia nyingine.";
export const promptsPerHourUsed = (limit: number, minutes: number) =>
  `Nambari hii ya M-Pesa imepokea maombi ${limit} ya malipo katika saa moja iliyopita. Tafadhali jaribu tena baada ya dakika ${minutes}, au ulipe kwa njia nyingine.`;
export const payOnlyFromPlacingPhone =
  "Ni simu au kompyuta iliyoweka agizo hili pekee inayoweza kutuma ombi tena au kubadilisha nambari ya M-Pesa. Bado unaweza kulipa kwa njia nyingine.";
export const payOnlyFromPlacingPhoneNoOther =
  "Ni simu au kompyuta iliyoweka agizo hili pekee inayoweza kutuma ombi tena au kubadilisha nambari ya M-Pesa.";
export const demoAccount = (reference: string) => `Akaunti ${reference}`;
/** A payment the provider says completed for another amount than the order's (decision 59). */
export const checkingHeading = "Tunakagua malipo yako";
export const checkingText = (provider: string) =>
  `Tulichoambiwa na ${provider} hakilingani na jumla ya agizo hili, kwa hivyo tunakagua malipo kabla ya kufunga chochote. Tafadhali usilipe tena: tutakutumia ujumbe yakishathibitishwa, au zungumza nasi kwenye WhatsApp.`;
/** After a failed payment: the same order can be paid again (no new order, no new reference). */
export const failedPayThisOrderText =
  "Hakuna pesa iliyokatwa. Unaweza kulipia agizo hili hili tena: hakuna kingine kinachobadilika.";
export const payThisOrderAgain = "Lipia agizo hili tena";
export const trackFailedPayHere =
  "Hakuna pesa iliyokatwa. Agizo lako bado lipo: unaweza kulilipia tena hapa.";
export const trackFailedPayThere =
  "Hakuna pesa iliyokatwa. Agizo lako bado lipo: lilipie tena kutoka kwenye simu au kompyuta uliyoagizia, au zungumza nasi kwenye WhatsApp.";
