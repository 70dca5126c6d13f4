/**
 * The storefront's words in English, as the specification words them (decision 53): each export a
 * whole label or sentence, or a function of the values it names. `sw.ts` says the same in
 * Kiswahili, key for key (the type checker holds it to that, `messages.ts`). Pages read them
 * through `msg`; a client build writes the plain ones straight into its pages (`inline-words.ts`).
 * Keep this file free of imports: the build reads it as it is.
 */

// The language itself: the page's `lang`, where its pages live, the switch to the other one.
export const htmlLang = "en-KE";
export const pathPrefix = "";
export const otherLanguage = "sw";
export const otherLanguageName = "Kiswahili";
/** The offer of this language on the other's home page, written in this one (server only). */
export const languageOffer = "This shop is also in English.";
export const languageOfferAction = "Continue in English";

// The shell: main navigation, help pages, footer.
export const navHome = "Home";
export const navShop = "Shop";
export const navAbout = "About";
export const navContact = "Contact";
export const navDelivery = "Delivery";
export const navReturns = "Returns";
export const navTrackOrder = "Track your order";
export const navMainLabel = "Main";
export const navMobileLabel = "Mobile";
export const navShopCategories = "Shop categories";
export const openMenu = "Open menu";
export const closeMenu = "Close menu";
export const footerAbout =
  "African-print fashion made in Kenya: kitenge, ankara and kente pieces for women and the whole family, cut and sewn in Nairobi.";
export const footerQuickLinks = "Quick Links";
export const footerHelp = "Help";
export const footerCollections = "Collections";
export const footerRights = (year: number, shopName: string) =>
  `© ${year} ${shopName}. All rights reserved.`;
export const opensInNewTab = (name: string) => `${name} (opens in a new tab)`;

// The cart's button and drawer.
export const cartButton = (count: number) =>
  count === 1 ? "Cart, 1 item" : `Cart, ${count} items`;
export const cartDrawerTitle = (count: number) => `Shopping Cart (${count})`;
export const closeCart = "Close cart";
export const cartEmpty = "Your cart is empty";
export const continueShopping = "Continue Shopping";

// Home.
export const homeTitle = "African-print fashion made in Kenya";
export const homeDescription = (shopName = "We make") =>
  `${shopName}: kitenge, ankara and kente dresses, kimonos, shukas and more, made in Nairobi for women and the whole family. Pay with M-Pesa or card.`;
export const heroKicker = "Made in Nairobi";
export const heroTitle = "Bold African prints for every day and every celebration";
export const heroText =
  "Kitenge dresses, ankara kimonos and Masaai shukas, tailored for women and the whole family.";
export const heroShop = "Shop the collection";
export const heroStory = "Our story";
export const featuredTitle = "Featured Products";
export const featuredText = "Our favourite pieces this season";
export const viewAll = "View all";
export const noFeatured = "No featured products have been selected yet. Please check back soon!";
export const shopByCategory = "Shop by Category";
export const whyShopWithUs = "Why shop with us";
export const featureFabricsTitle = "Authentic fabrics";
export const featureFabricsText =
  "Genuine wax prints, kitenge and hand-woven shukas, chosen bolt by bolt in Nairobi's markets.";
export const featureHeritageTitle = "Cultural heritage";
export const featureHeritageText =
  "Every motif carries a story, from kente's woven strips to the shuka's red checks.";
export const featureDesignsTitle = "Modern designs";
export const featureDesignsText =
  "Tailored cuts for the office, the weekend and the wedding, sewn by Kenyan hands.";

// Product cards and prices.
export const featuredBadge = "Featured";
export const saleBadge = "Sale";
export const soldOut = "Sold out";
export const soldOutAside = "(Sold out)";
export const wasPrice = "Was";
export const chooseSize = "Choose a size";
export const chooseSizeOf = (name: string) => `Choose a size of ${name}`;
export const addChoosingSize = (name: string) => `Add ${name} to cart: choose a size`;
export const sizeOf = (name: string) => `Size of ${name}`;
export const addToCartNamed = (name: string) => `Add ${name} to cart`;

// Categories and their groups (spec section 3); a category not listed is named from its id.
export const categoryNames: Record<string, string> = {
  all: "All Products",
  "masaai-shukas": "Masaai Shukas",
  tshirts: "T-Shirts",
  sandals: "Sandals & Shoes",
  "hoodies-trench": "Hoodies & Trench",
  "kids-wear": "Kids Wear",
  "men-wear": "Men Wear",
  homedecor: "Home Decor",
};
/** A product card's category line: the id with hyphens as spaces (shown in capitals). */
export const cardLabelIsName: boolean = false;
export const categoryGroups: Record<string, string> = {
  women: "Women's Fashion",
  men: "Men's Fashion",
  kids: "Kids' Collection",
  outerwear: "Outerwear",
  footwear: "Footwear & Accessories",
  home: "Home & Living",
  more: "More",
};

// Shop.
export const shopTitle = "Shop African-print fashion";
export const shopDescription =
  "Shop dresses, kimonos, jumpsuits, shukas, kids wear and accessories in bold African prints, made in Kenya.";
export const shopCategoryTitle = (category: string) => `${category} | Shop`;
export const shopCategoryDescription = (category: string) =>
  `${category} in bold African prints: kitenge, ankara and kente, made in Kenya. Pay with M-Pesa or card.`;
export const searchProducts = "Search products";
export const searchPlaceholder = "Search products...";
export const search = "Search";
export const sortBy = "Sort by";
export const sortLabels: Record<string, string> = {
  relevance: "Best match",
  name: "Name: A to Z",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
};
export const filterLabels: Record<string, string> = {
  inStockOnly: "In stock only",
  onSaleOnly: "On sale",
};
export const apply = "Apply";
export const filters = "Filters";
export const products = "Products";
export const showingProducts = (total: number) =>
  total === 1 ? "Showing 1 product" : `Showing ${total} products`;
export const loadingProducts = "Loading products";
export const showingResultsFor = (corrected: string) => `Showing results for ${corrected}`;
export const backToStart = "Back to the start of the list";
export const noProducts = "No products found";
export const noProductsHint = "Try adjusting your filters or search term.";
export const seeResultsIn = (category: string) => `See results in ${category}`;
export const browseCategory = (category: string) => `Browse ${category}`;
export const clearFilters = "Clear filters";
export const loadMore = "Load more";
export const loadingMore = "Loading more products";
export const categories = "Categories";
export const productCount = (count: number) => (count === 1 ? "1 product" : `${count} products`);

// A product's page.
export const backToShop = "Back to Shop";
export const size = "Size";
export const sizeIs = (size: string) => `Size: ${size}`;
export const onlyLeft = (left: number) => `Only ${left} left`;
export const addToCart = "Add to Cart";
export const tellMeWhenBack = "Tell me when it is back";
export const askOnWhatsapp = "Ask about this on WhatsApp";
export const freeDeliveryFrom = (amount: string) => `Free delivery on orders of ${amount} or more`;
export const returnPolicy = "30-day return policy";
export const tabDescription = "Description";
export const tabDetails = "Details";
export const noDetails = "No further details for this product.";
export const youMightAlsoLike = "You Might Also Like";
export const productNotFound = "Product Not Found";
export const productNotFoundText =
  "This product is not in the shop any more, or the link is mistyped.";
export const returnToShop = "Return to Shop";
