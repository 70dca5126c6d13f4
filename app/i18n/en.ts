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
export const skipToContent = "Skip to content";
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
export const productInformation = "Product information";
export const productPhotos = (name: string) => `Photos of ${name}`;
export const choosePhoto = "Choose a photo";
export const showPhoto = (n: number, of: number) => `Show photo ${n} of ${of}`;
export const tabDetails = "Details";
export const noDetails = "No further details for this product.";
export const youMightAlsoLike = "You Might Also Like";
export const productNotFound = "Product Not Found";
export const productNotFoundText =
  "This product is not in the shop any more, or the link is mistyped.";
export const returnToShop = "Return to Shop";

// Errors, the demo banner, the menu page, a dropped connection.
export const errorPages: Record<string, { title: string; text: string }> = {
  400: {
    title: "We could not handle that request",
    text: "Something in what was sent was not right. Please go back and try again.",
  },
  403: {
    title: "Not open to your account",
    text: "Your account cannot do this. Please ask the shop's owner.",
  },
  404: {
    title: "Page not found",
    text: "We couldn't find that page. It may have moved, or the link may be mistyped.",
  },
  503: {
    title: "We'll be right back",
    text: "The shop is having a short break while we fix a problem on our side. Please try again in a minute; your cart is safe.",
  },
  500: {
    title: "Unexpected Application Error!",
    text: "Something went wrong on our side. Please try again, or go back to the shop.",
  },
};
export const errorKicker404 = "Error 404";
export const errorKickerBackSoon = "Back soon";
export const errorKicker = "Error";
export const tryAgain = "Try again";
export const backToDashboard = "Back to the dashboard";
export const goToHome = "Go to Home";
export const demoBanner = "Demo mode: payments are simulated";
export const menuTitle = "Menu";
export const menuDescription = "Every page and collection of the shop.";
export const noConnectionTitle = "No connection";
export const noConnection = "No connection. Check your data and try again.";

// About.
export const aboutTitle = "Our story";
export const aboutDescription =
  "A Kenyan fashion house for women and the whole family: authentic prints, tailored with love in Nairobi.";
export const aboutHeading = "Founded in Kenya, made for the whole family";
export const aboutStory = (shopName: string) =>
  `${shopName} began with one sewing machine and a stack of kitenge in a small room in Nairobi. Friends asked where our dresses came from; then their friends did. Today our tailors make dresses, kimonos, jumpsuits and shukas for women across Kenya, and for their husbands and children too.`;
export const aboutBelief =
  "We believe African print is not a costume for special days: it is everyday joy. So we design for the office, the church, the wedding and the weekend, with fabrics that keep their colour and cuts that flatter every body.";
export const aboutValuesHeading = "What we stand for";
/** In the order of their icons: palette, scissors, sparkles, heart. */
export const aboutValues: { title: string; text: string }[] = [
  {
    title: "Authentic Prints",
    text: "Real wax prints, kitenge and kikoi, chosen bolt by bolt from the traders of Gikomba and Biashara Street.",
  },
  {
    title: "Tailored With Love",
    text: "Every piece is cut and sewn by our tailors in Nairobi, with finished seams and real pockets.",
  },
  {
    title: "Inspired by Culture",
    text: "From Masaai shukas to Ghanaian kente, we celebrate the stories that each motif carries.",
  },
  {
    title: "Made for Every Woman",
    text: "Sizes S to XXL, cuts for every shape, and matching pieces for the whole family.",
  },
];
export const aboutCollections = "Our collections";

// Delivery: the methods (also in the shopper's messages), the pickup points, the page.
export const deliveryMethods: Record<string, string> = {
  pickup: "Pickup",
  matatu: "Matatu parcel",
  rider: "Rider (boda boda)",
};
export const free = "Free";
/** Where each pickup point is and when it is open, by its name (the checkout's choice). */
export const pickupPoints: Record<string, { where: string; hours: string }> = {
  "Tom Mboya Meru South House 2nd floor Rm 205": {
    where: "Meru South House on Tom Mboya Street, in Nairobi CBD.",
    hours: "Monday to Saturday, 9 am to 6 pm.",
  },
  "Milele Mall Ngong": {
    where: "Our shop at Milele Mall, on Ngong Road in Ngong town.",
    hours: "Monday to Saturday 9 am to 7 pm, Sunday 11 am to 5 pm.",
  },
};
export const pickupBring =
  "Bring your order number or the phone number you ordered with. Someone else can collect for you with that number.";
export const deliveryTitle = "Delivery";
export const deliveryDescription =
  "Pickup in Nairobi CBD or Ngong, matatu parcels to towns across Kenya, and riders to your door in Nairobi: fees, areas and times.";
export const deliveryHeading = "How your order reaches you";
export const deliveryIntro =
  "We pack every order in Nairobi and send it the way you choose at checkout: collect it from one of our pickup points, receive it by matatu parcel in your town, or have a rider bring it to your door. You pay for delivery together with your order, by M-Pesa or card.";
export const deliveryFreeOver = (amount: string) =>
  `Delivery is free on every order of ${amount} or more, whichever way you choose.`;
export const deliveryFeesHeading = "Fees and times";
export const deliveryTableCaption = "Delivery methods with their fees and times";
export const deliveryMethod = "Method";
export const deliveryFee = "Fee";
export const deliveryWhen = "When it reaches you";
export const deliveryWhenByMethod: Record<string, string> = {
  pickup: "Ready the next working day after you pay. We call or text you when it is.",
  matatu: "At the sacco office in your town in 1 to 3 working days.",
  rider:
    "The same day when you pay before 1 pm, Monday to Saturday; otherwise the next working day.",
};
export const deliveryPackingDays =
  "We pack orders Monday to Saturday. An order paid on a Sunday or a public holiday leaves on the next working day.";
export const pickupPointsHeading = "Pickup points";
export const matatuHeading = "Matatu parcels across Kenya";
export const matatuText =
  "We hand your parcel to a registered sacco in Nairobi and send you its parcel number. You collect it at the sacco's office in your town with your ID. We send to every town a sacco serves from Nairobi, among them:";
export const riderHeading = "Riders in Nairobi and nearby";
export const riderText =
  "A rider calls you before arriving and hands the parcel to you at the address you give at checkout. Riders go to:";
export const riderFurther =
  "Further out? Choose a matatu parcel, or ask us on WhatsApp before you order.";
export const outsideKenyaHeading = "Outside Kenya";
export const outsideKenyaText =
  "For now we deliver within Kenya only. Delivery to other African countries is coming soon.";
export const ourReturnPolicy = "Our return policy";
export const askUsAQuestion = "Ask us a question";

// Returns.
export const returnsTitle = "Returns";
export const returnsDescription =
  "A 30-day return policy: exchange a size or get your money back to M-Pesa or your card.";
export const returnsIntro =
  "If a piece is not right, you have 30 days from the day you receive your order to return it. Exchange it for another size, or get your money back to the M-Pesa number or card you paid with.";
export const canReturnHeading = "What you can return";
export const canReturn: string[] = [
  "Pieces that are unworn and unwashed, with their tags on",
  "A size that does not fit: we exchange it for another size",
  "A faulty piece, or one that is not what you ordered",
];
export const cannotReturnHeading = "What we cannot take back";
export const cannotReturn: string[] = [
  "Pieces we altered or made to your measurements",
  "Earrings, for hygiene",
  "Pieces that have been worn, washed or perfumed",
];
export const howToReturnHeading = "How to return a piece";
export const howToReturnTell = (email: string) =>
  `Tell us on WhatsApp or by email (${email}) within 30 days of receiving your order: your order number, the piece, and whether you want another size or your money back.`;
export const howToReturnBring = (first: string, second: string) =>
  `Bring the piece to one of our pickup points (${first}, or ${second}), or send it to us by matatu parcel to Nairobi.`;
export const howToReturnCheck =
  "We check it within 2 working days of receiving it and tell you what happens next.";
export const refundsHeading = "Refunds and exchanges";
export const refundsRules: string[] = [
  "Refunds go back to the M-Pesa number or card you paid with, within 7 working days of our check.",
  "For an exchange we send the new size the way you first chose, and you pay no delivery fee a second time.",
  "You pay for sending a return yourself, unless the piece was faulty or not what you ordered: then we refund that cost and the original delivery fee too.",
];
export const deliveryFeesAndTimes = "Delivery fees and times";
export const contactAboutReturn = "Contact us about a return";

// Contact.
export const contactTitle = "Contact us";
export const contactDescription =
  "Questions about a size, an order or wholesale? Chat with us on WhatsApp, call, email or visit us in Ngong.";
export const contactHeading = "Get in Touch";
export const contactIntro =
  "A question about a size, an order or a wholesale quantity? We answer on WhatsApp within the hour during shop hours.";
export const contactCards: Record<string, string> = {
  whatsapp: "WhatsApp",
  chatWithUs: "Chat with us",
  email: "Email",
  phone: "Phone",
  location: "Location",
};
export const sendUsAMessage = "Send us a message";
export const fieldName = "Name";
export const fieldEmail = "Email";
export const fieldSubject = "Subject";
export const fieldMessage = "Message";
export const chooseSubject = "Choose a subject";
/** The subjects as the shopper reads them (the shop's WhatsApp gets them in English). */
export const contactSubjects: Record<string, string> = {
  general: "General Inquiry",
  product: "Product Question",
  order: "Order Support",
  partnership: "Partnership",
  wholesale: "Wholesale Inquiry",
};
export const sendViaWhatsapp = "Send Message via WhatsApp";
export const redirectedToWhatsapp = "You will be redirected to WhatsApp to send your message";
export const faqHeading = "Frequently asked questions";
export const faq: { q: string; a: string; link?: { to: string; label: string } }[] = [
  {
    q: "How do I place an order?",
    a: "Browse the shop, add the pieces you love to your cart, and check out through our secure Pesapal payment page.",
  },
  {
    q: "How can I pay?",
    a: "With M-Pesa, Visa, Mastercard and other mobile money, through Pesapal.",
  },
  {
    q: "Where do you deliver?",
    a: "Mainly within Kenya, by matatu parcel, rider or pickup in Nairobi. Delivery to other African countries is coming soon.",
    link: { to: "/delivery", label: "Delivery fees, pickup points and times" },
  },
  {
    q: "Can I return a piece?",
    a: "Yes, within 30 days of receiving it: exchange it for another size or get your money back.",
    link: { to: "/returns", label: "Our return policy" },
  },
  {
    q: "How do I care for African-print fabric?",
    a: "Cold wash with a mild detergent and no bleach, then air dry or tumble dry on low.",
  },
];
export const followUs = "Follow us";
export const needHelp = "Need Immediate Help?";
export const teamAMessageAway = "Our team is a message away.";
export const startWhatsappChat = "Start WhatsApp Chat";
export const helpWhatsapp = (shopName: string) =>
  `Hi! I'm interested in learning more about ${shopName} fashion collections.`;
export const enterName = "Please enter your name";
export const enterValidEmail = "Please enter a valid email address";
export const chooseASubject = "Please choose a subject";
export const enterMessage = "Please enter your message";
export const keepUnder = (max: number) => `Please keep this under ${max} characters`;

// The cart, its drawer and the checkout; what the server says about them.
export const cartTitle = "Cart and checkout";
export const cartDescription = "Your cart, delivery and payment.";
export const cartEmptyTitle = "Your Cart is Empty";
export const cartEmptyText = "Find a print you love and it will wait for you here.";
export const yourCart = "Your Cart";
export const itemCount = (count: number) => (count === 1 ? "1 item" : `${count} items`);
export const noLongerAvailable = "No longer available";
export const priceEach = (price: string) => `${price} each`;
export const remove = "Remove";
export const removeLine = (name: string, size: string) =>
  size ? `Remove ${name}, size ${size}` : `Remove ${name}`;
export const oneFewer = (name: string, size: string) =>
  size ? `One fewer ${name}, size ${size}` : `One fewer ${name}`;
export const oneMore = (name: string, size: string) =>
  size ? `One more ${name}, size ${size}` : `One more ${name}`;
export const quantityLabel = "Quantity";
export const clearCart = "Clear Cart";
export const cartCleared = "Your cart was cleared.";
export const undo = "Undo";
export const checkout = "Checkout";
export const lastPaymentFailed = "Your last payment did not go through.";
export const detailsFilledIn =
  "Your details from that order are filled in below: check them, then pay.";
export const fullName = "Full name";
export const phone = "Phone";
export const deliveryMethodLegend = "Delivery method";
export const deliveryAddress = "Delivery address";
export const deliveryAddressPlaceholder = "Estate, street, building, landmark";
export const pickupLocation = "Pickup location";
export const city = "City";
export const orderNotes = "Order notes";
export const payment = "Payment";
/** Each payment provider's choice and note at checkout, by its name. */
export const paymentChoices: Record<string, { choice: string; note: string }> = {
  "mpesa-express": {
    choice: "M-Pesa: pay on your phone",
    note: "M-Pesa sends a payment request to your phone: enter your M-Pesa PIN there.",
  },
  pesapal: {
    choice: "Card or other mobile money (Pesapal)",
    note: "You will pay with M-Pesa or card on Pesapal's secure page.",
  },
};
export const payerPhone = "M-Pesa number, if not the phone above";
export const discountCode = "Discount code";
export const removeTheCode = "Remove the code";
export const removeCode = (code: string) => `Remove code ${code}`;
export const subtotal = "Subtotal";
export const freeDeliveryCode = (code: string) => `Free delivery (${code})`;
export const discountNamed = (code: string) => `Discount (${code})`;
export const delivery = "Delivery";
export const deliveryFeeLabel = "Delivery fee";
export const total = "Total";
export const processing = "Processing...";
export const updatingTotal = "Updating total...";
export const placeOrderNothingToPay = "Place order (nothing to pay)";
export const payAmount = (amount: string) => `Pay ${amount}`;
export const moreForFreeDelivery = (amount: string) => `Add ${amount} more for free delivery.`;
export const totalForChosenDelivery = (amount: string) =>
  `With the delivery you chose, your total is ${amount}. Please check it and press Pay again.`;
export const enterFullName = "Please enter your full name";
export const enterKenyanPhone =
  "Please enter a valid Kenyan phone number (e.g., 0712345678 or 254712345678)";
export const enterDeliveryLocation = "Please provide your exact delivery location";
export const enterPayerPhone =
  "Please enter the M-Pesa number to pay from (e.g., 0712345678 or 254712345678)";
export const chooseDeliveryMethod = "Please choose pickup, matatu parcel or rider for delivery.";
export const checkTheForm = "Please check the form.";
export const addedToCart = "Added to cart!";
export const productNotAvailable = "Sorry, that product is not available.";
export const chooseASize = "Please choose a size.";
export const chooseWholeNumber = "Please choose a whole number of items.";
export const chooseBetween = (max: number) => `Please choose between 1 and ${max} items.`;
export const linesUnreadable = "Those cart lines could not be read. Please add the items again.";
export const onlyLeftInSize = (left: number, size: string) => `Only ${left} left in size ${size}`;
export const sizeSoldOut = (size: string) => `Size ${size} is sold out`;
export const onlyLeftOf = (left: number) => `Only ${left} left`;
export const pieceSoldOut = "This piece is sold out";
export const codeAppliedFree = (code: string) => `Code ${code} applied: free delivery.`;
export const codeAppliedOff = (code: string, amount: string) =>
  `Code ${code} applied: ${amount} off.`;
export const enterACode = "Please enter a code.";
export const pricesChanged =
  "Prices have changed since you added these items. Please review your cart.";
export const tooManyCheckouts =
  "Too many orders have been placed from your connection in the last few minutes. Please wait 10 minutes and try again.";
export const tooManyCheckoutsForShopper =
  "Too many orders have been placed from this cart or for this phone number in the last few minutes. Please wait 10 minutes and try again.";
export const paymentFailed = "Payment failed. Please try again or contact support.";
export const providerUnavailable = "That payment method is not available. Please choose another.";
export const alreadyPaid = "This order is already paid.";
export const alreadyOnItsWay =
  "Your order is already on its way to the payment page. Please wait a moment and try again.";
export const cartIsEmpty = "Your cart is empty.";
export const tooManyLines = (max: number) => `An order can hold up to ${max} different items.`;
export const itemUnavailable = (name: string) =>
  `${name} is no longer available. Please remove it from your cart.`;
export const anItemUnavailable =
  "An item in your cart is no longer available. Please remove it from your cart.";
export const chooseQuantityOf = (max: number, name: string) =>
  `Please choose between 1 and ${max} of ${name}.`;
export const chooseValidSize = (name: string) => `Please choose a valid size for ${name}.`;
export const onlyLeftOfInSize = (left: number, name: string, size: string) =>
  `Only ${left} left of ${name} in size ${size}. Please lower the quantity in your cart.`;
export const onlyLeftOfName = (left: number, name: string) =>
  `Only ${left} left of ${name}. Please lower the quantity in your cart.`;
export const soldOutOfInSize = (name: string, size: string) =>
  `${name} in size ${size} is sold out. Please remove it from your cart.`;
export const soldOutOfName = (name: string) =>
  `${name} is sold out. Please remove it from your cart.`;
export const someoneIsPaying =
  "Someone is paying for the last one. Try again in a few minutes, or choose another size.";
export const someoneIsPayingNoSize =
  "Someone is paying for the last one. Try again in a few minutes, or choose another piece.";
export const holdLimitReached =
  "Too many pieces are waiting for payment from this cart, phone number or connection. Please finish the payment you started, or try again in a few minutes.";
export const holdTooLarge = (max: number) =>
  `One order can set aside at most ${max} pieces while it is paid for. Please order fewer pieces at a time, or contact us.`;
/** Why a discount code does not apply, by reason. */
export const codeMessages: Record<string, string> = {
  unknown: "This code is not valid. Please check it and try again.",
  notYet: "This code is not active yet.",
  expired: "This code has expired.",
  nothingEligible: "This code does not apply to anything in your cart.",
  usedUp: "This code has been used up.",
  usedByYou: "You have already used this code.",
  tooManyTries: "Too many codes tried. Please wait a few minutes and try again.",
};
export const codeNeedsMinOrder = (amount: string) =>
  `This code needs an order of ${amount} or more.`;
/** The contact form's message to the shop's WhatsApp, as the shopper sends it. */
export const contactWhatsapp = (name: string, email: string, subject: string, message: string) =>
  `*Contact Form Submission*\n\n*Name:* ${name}\n*Email:* ${email}\n*Subject:* ${subject}\n*Message:* ${message}`;

// Order pages: paying, success, tracking, lookup, back in stock.
export const yourOrder = "Your order";
export const orderNumber = (reference: string) => `Order ${reference}`;
export const paymentFailedHeading = "Your payment did not go through";
export const alreadyPaidHeading = "This purchase is already paid";
export const followOrder = (reference: string) => `Follow order ${reference}`;
export const checkAgain = "Check again";
export const payAgain = "Pay again";
export const chatOnWhatsapp = "Chat with us on WhatsApp";
export const orderQuestion = (reference: string) =>
  `Hello, I have a question about my order ${reference}.`;
export const orderQuestionNoReference = "Hello, I have a question about my order.";
export const receiptSubtotal = "Subtotal";
export const receiptDelivery = "Delivery";
export const receiptDeliveryBy = (method: string) => `Delivery (${method})`;
export const receiptTotal = "Total";
export const receiptDiscount = (code: string) => `Discount (${code})`;
/** Why a payment did not go through, by the failure the provider reported. */
export const paymentFailures: Record<string, string> = {
  cancelled: "The payment was cancelled before it was finished.",
  insufficient_funds: "There was not enough money in the account or on the card you paid with.",
  timed_out:
    "The payment request ran out of time: the M-Pesa prompt on your phone may have closed before you entered your PIN.",
  wrong_pin: "The M-Pesa PIN that was entered was not accepted.",
  declined: "Your bank or card issuer declined the payment.",
  busy: "Another M-Pesa request was already waiting on that phone. Finish or cancel it, then try again.",
};
export const paymentNotAccepted = (provider: string) => `${provider} did not accept the payment.`;
export const payTitle = "Pay on your phone";
export const payWaitingHeading = "Waiting for your payment";
/** The waiting page's heading and button, by the provider the shopper pays with on their phone. */
export const payWaitingWords: Record<string, { heading: string; again: string }> = {
  "mpesa-express": {
    heading: "Check your phone and enter your M-Pesa PIN",
    again: "Send the prompt again",
  },
};
export const payAsking = (shopName: string, amount: string, phone: string) =>
  `${shopName} is asking for ${amount} on ${phone}.`;
export const payMovesOn = (reference: string) =>
  `Order ${reference}. This page moves on by itself once you have paid.`;
export const payNothingCharged = (reference: string, amount: string) =>
  `Nothing was charged. Order ${reference} for ${amount} is still yours to pay.`;
export const payMpesaNumber = "M-Pesa number";
export const payAnotherWay = "Pay another way";
export const paymentNotFound = "We could not find that payment.";
export const paymentMethodUnavailable =
  "That payment method is not available. Please choose another.";
export const paymentTooManyAttempts =
  "Too many payment requests were made for this order in the last few minutes. Please wait 10 minutes and try again.";
export const paymentServiceUnreachable =
  "We could not reach the payment service. Please try again in a moment.";
export const paymentReplaced =
  "You chose another way to pay for this order. You can still send the prompt again.";
export const demoPhone = "Demo phone";
export const demoEnterPin = "Enter M-Pesa PIN";
export const demoPayTo = (amount: string, shopName: string) => `Pay ${amount} to ${shopName}?`;
export const demoPinLabel = "PIN (any four digits)";
export const demoCancel = "Cancel";
export const demoPay = "Pay";
export const demoOtherOutcomes = "Other outcomes";
export const successTitle = "Thank You For Your Order!";
export const orderNotFoundHeading = "We could not find that order";
export const orderNotFound = "We could not find that order.";
export const justPaidHint = "If you have just paid, please check your messages or contact us.";
export const successPaidAs = (paidWith: string, reference: string) =>
  `You paid for these items with order ${paidWith}: there is nothing more to pay for order ${reference}.`;
export const trackingPaidAs = (paidWith: string) =>
  `You paid for these items with order ${paidWith}: there is nothing more to pay for this order.`;
export const confirmingHeading = "Confirming your payment…";
export const confirmingText = (provider: string) =>
  `We are waiting for ${provider} to confirm your payment. M-Pesa can take a few seconds; this page checks again by itself.`;
export const notConfirmedHeading = "Your payment is not confirmed yet";
export const notConfirmedPayHere = (provider: string) =>
  `${provider} has not confirmed it after two minutes. If money left your account, it will show here once they do: check again in a few minutes. If you did not finish paying, you can pay again, or chat with us on WhatsApp.`;
export const notConfirmedPayThere = (provider: string) =>
  `${provider} has not confirmed it after two minutes. If money left your account, it will show here once they do: check again in a few minutes. If you did not finish paying, pay again from the phone or computer you ordered on, or chat with us on WhatsApp.`;
export const failedTryAgainText =
  "Nothing was charged. You can try again: your items and the details you gave go back into your cart.";
export const successText =
  "Your payment was successful. We have received your order and will begin processing it shortly. You will receive a confirmation message soon.";
export const successNextPickup =
  "Next, we pack your order and send you a message when it is ready for pickup.";
export const successNextSent =
  "Next, we pack your order and send you a message when it is on its way.";
export const followYourOrder = "Follow your order";
export const orderPlaced = (when: string) => `Placed ${when}`;
/** The payment as the tracking page says it, by what the provider reported. */
export const trackPaymentFacts: Record<string, string> = {
  paid: "Paid",
  confirming: "Waiting for your payment to be confirmed",
  failed: "Payment did not go through",
  checking: "We are checking your payment",
};
/** Each step's state, said after its name to a screen reader. */
export const trackStepSaid: Record<string, string> = {
  done: " (done)",
  now: " (now)",
  next: " (to come)",
};
/** The steps of a paid order, by their state. */
export const trackSteps: Record<string, string> = {
  to_pack: "To pack",
  ready_for_pickup: "Ready for pickup",
  sent: "Sent",
  delivered: "Delivered",
  collected: "Collected",
};
export const whatToDoNext = "What to do next";
export const trackConfirmingPayHere = (provider: string) =>
  `If money left your account, this page shows it once ${provider} confirms it: check again in a few minutes. If you did not finish paying, you can pay again, or chat with us on WhatsApp.`;
export const trackConfirmingPayThere = (provider: string) =>
  `If money left your account, this page shows it once ${provider} confirms it: check again in a few minutes. If you did not finish paying, pay again from the phone or computer you ordered on, or chat with us on WhatsApp.`;
export const whereYourOrderIs = "Where your order is";
export const readyForPickupOn = (day: string) => `Ready for pickup on ${day}.`;
export const expectedAtSacco = (from: string, to: string) =>
  `Expected at the sacco office between ${from} and ${to}.`;
export const expectedWithYou = (day: string) => `Expected with you on ${day}.`;
export const packingNow = "We are packing your order.";
export const whereToCollect = "Where to collect it";
export const pickupOpen = (hours: string) => `Open ${hours}`;
export const whatYouOrdered = "What you ordered";
export const pickupAt = (place: string | null) => `Pickup at ${place ?? "our shop"}`;
export const orderRefunded = "Refunded";
export const orderPartlyRefunded = "Partly refunded";
/** A line of the order some or all of whose pieces were refunded. */
export const lineRefunded = (refunded: number, quantity: number) =>
  refunded >= quantity ? "Refunded" : `${refunded} of ${quantity} refunded`;
export const trackIntro =
  "Enter the order reference from your message or receipt, and the phone number you used at checkout.";
export const orderReferenceLabel = "Order reference";
export const orderReferenceExample = "e.g. 3F9A1C2B";
export const phoneNumberLabel = "Phone number";
export const findMyOrder = "Find my order";
export const trackNotFound =
  "We could not find an order with that reference and phone number. Please check both and try again.";
export const trackTooManyTries =
  "Too many tries. For the safety of our customers' orders, please try again in an hour.";
export const alertTitle = (name: string) => `Tell me when ${name} is back`;
export const alertDescription = "One SMS when a sold-out piece is back in stock.";
export const alertIntro =
  "Leave your phone number: the first time, we send an SMS to confirm it, then one SMS when it is back in stock. We use the number for nothing else.";
export const optionalField = "(optional)";
export const anySize = "Any size";
export const alertPhone = "Phone";
export const alertProductNotFound = "We could not find that product.";
export const alertChooseSize = "Please choose one of the product's sizes.";
export const alertInStockNow = "Good news: it is in stock now, so you can add it to your cart.";
export const alertTooMany =
  "Too many numbers have been left from your connection in the last few minutes. Please wait 10 minutes and try again.";
export const alertWillSend = (phone: string) => `We will send an SMS to ${phone} when it is back.`;
export const alertConfirmSent = (phone: string) =>
  `We have sent an SMS to ${phone}. Open its link to confirm your number, and we will send an SMS when it is back.`;
export const alertConfirmWaiting = (phone: string) =>
  `Confirm ${phone} with the link in the SMS we sent you earlier, and we will send an SMS when it is back.`;
export const alertConfirmTitle = "Confirm your number";
export const alertConfirmAsk = (phone: string) =>
  `Confirm ${phone} to get an SMS when the pieces you asked for are back in stock.`;
export const alertConfirmButton = "Confirm my number";
export const alertConfirmDone = (phone: string) =>
  `Thank you. ${phone} is confirmed: we will send an SMS when what you asked for is back.`;
export const alertConfirmInvalid =
  "This link is not valid. Leave your number again on the product's page.";
export const askBackInStockSize = (name: string, size: string, url: string) =>
  `Hello, will the ${name} be back in stock in size ${size}? ${url}`;
export const askBackInStockAny = (name: string, url: string) =>
  `Hello, will the ${name} be back in stock? ${url}`;

// A form too large to send (the server's page, without JavaScript).
export const tooLargeTitle = "Too large to send";
export const tooLargeForm =
  "The form sent was too large. Please shorten what you typed and try again.";
export const tooLargePhotos =
  "The photos chosen are too large together. Choose at most 3 photos, each 10 MB or smaller, and try again.";
export const goBack = "Go back";

// An M-Pesa number's prompts are limited, whichever orders ask (a stranger cannot flood a phone).
export const promptOpenOnNumber =
  "A payment request is already waiting on this M-Pesa number. Answer or cancel it on the phone, then try again in a few minutes, or pay another way.";
export const promptsPerHourUsed = (limit: number, minutes: number) =>
  `This M-Pesa number has had ${limit} payment requests in the last hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or pay another way.`;
export const payOnlyFromPlacingPhone =
  "Only the phone or computer that placed this order can send the prompt again or change the M-Pesa number. You can still pay another way.";
export const payOnlyFromPlacingPhoneNoOther =
  "Only the phone or computer that placed this order can send the prompt again or change the M-Pesa number.";
export const demoAccount = (reference: string) => `Account ${reference}`;
/** A payment the provider says completed for another amount than the order's (decision 59). */
export const checkingHeading = "We are checking your payment";
export const checkingText = (provider: string) =>
  `What ${provider} told us does not match this order's total, so we are checking the payment before we pack anything. Please do not pay again: we will send you a message once it is confirmed, or chat with us on WhatsApp.`;
/** After a failed payment: the same order can be paid again (no new order, no new reference). */
export const failedPayThisOrderText =
  "Nothing was charged. You can pay for this same order again: nothing else changes.";
export const payThisOrderAgain = "Pay for this order again";
export const trackFailedPayHere =
  "Nothing was charged. Your order is kept: you can pay for it again here.";
export const trackFailedPayThere =
  "Nothing was charged. Your order is kept: pay for it again from the phone or computer you ordered on, or chat with us on WhatsApp.";
