/** The FAQ page (/faq), grouped by topic. `{email}` is replaced with the contact e-mail when rendered. */
import { formatPriceShort } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_RATES_CENTS, homeSalesTaxLabel } from '../../domain/pricing';
import type { FaqGroup } from './types';

const freeFrom = formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS);
const rates = {
  vancouver: formatPriceShort(SHIPPING_RATES_CENTS.vancouver),
  burnaby: formatPriceShort(SHIPPING_RATES_CENTS.burnaby),
  elsewhere: formatPriceShort(SHIPPING_RATES_CENTS.elsewhere),
};
const gst = homeSalesTaxLabel();

export const faqGroups: FaqGroup[] = [
  {
    heading: 'Our snacks',
    items: [
      {
        question: 'What makes Northbite snacks different?',
        answer:
          'Our snacks are high in protein, with no added sugar, no preservatives and no ' +
          'gluten. We sweeten them with dates or maple, make them with coconut oil and bake ' +
          'them in small batches in Vancouver.',
      },
      {
        question: 'How much protein is in each snack?',
        answer:
          'Each Chunky Protein Cookie has 20 g of protein. A serving of 2 energy bites has ' +
          "11 g, and a serving of granola has 8 g. You'll find the full nutrition facts on " +
          'each product page.',
      },
      {
        question: "What's in the variety pack?",
        answer:
          'The Chunky Protein Cookie Variety Pack is a pack of 4 cookies, one of each ' +
          'flavour: Classic Chocolate Chunk, Double Chocolate Chunk, Peanut Butter Crunch ' +
          "and White Chocolate & Macadamia. It's a great way to find your favourite before " +
          'buying a pack of 8.',
      },
      {
        question: 'How should I store my snacks, and how long do they keep?',
        answer:
          "Because we don't use preservatives, storage matters. Cookies keep for 7 days at " +
          'room temperature, 3 weeks in the fridge or 3 months in the freezer. Energy bites ' +
          'keep for 5 days at room temperature, 3 weeks in the fridge or 3 months in the ' +
          'freezer. Keep both in an airtight container or their resealed package. Granola ' +
          'keeps for 3 months sealed and 4 weeks once opened; store it in a cool, dry place ' +
          'and reseal the bag after each use.',
      },
      {
        question: 'Where are your snacks made?',
        answer:
          'In Vancouver, British Columbia. We bake everything in small batches so it ' +
          'reaches you as fresh as possible.',
      },
    ],
  },
  {
    heading: 'Ingredients & allergens',
    items: [
      {
        question: 'Are your snacks gluten-free?',
        answer: 'Yes. All of our cookies, energy bites and granola are gluten-free.',
      },
      {
        question: 'What do you sweeten your snacks with?',
        answer:
          'Our cookies and energy bites are sweetened with dates, and our granola with ' +
          'maple. None of our snacks have added sugar.',
      },
      {
        question: 'Which allergens do your snacks contain?',
        answer:
          'Our cookies contain milk (including whey protein) and eggs. Many of our products ' +
          'also contain tree nuts, peanuts or both: for example, Peanut Butter Crunch ' +
          'cookies contain peanuts, and White Chocolate & Macadamia cookies contain ' +
          'macadamia nuts, a tree nut. Every product page lists its ingredients and ' +
          'allergens, so please check before you buy.',
      },
      {
        question: 'Is your kitchen nut-free?',
        answer:
          'No. All of our snacks are made in a kitchen that handles tree nuts, peanuts, ' +
          'milk and eggs, so even products without these ingredients may contain traces of ' +
          'them. If you have a severe allergy, please take this into account.',
      },
      {
        question: 'Are your snacks vegan?',
        answer:
          "Our cookies aren't vegan, because they contain whey protein (from milk) and " +
          'eggs. For energy bites and granola, check the ingredient list on each product ' +
          'page.',
      },
    ],
  },
  {
    heading: 'Orders & shipping',
    items: [
      {
        question: 'Where do you ship?',
        answer: 'For now, we ship only to addresses in British Columbia, Canada.',
      },
      {
        question: 'How much does shipping cost?',
        answer:
          `Shipping is free on orders of ${freeFrom} or more (before tax). Otherwise, we charge a ` +
          `flat rate based on your city, shown at checkout: ${rates.vancouver} in Vancouver, ${rates.burnaby} in Burnaby ` +
          `and ${rates.elsewhere} elsewhere in British Columbia.`,
      },
      {
        question: 'How long does delivery take?',
        answer:
          'Delivery usually takes 3-7 business days. Times can vary with weather, holidays ' +
          'and carrier delays.',
      },
      {
        question: 'Can I get expedited shipping?',
        answer:
          "No, we don't offer expedited or express shipping. Every order ships by standard " +
          'ground delivery, which usually takes 3-7 business days.',
      },
      {
        question: 'How do I pay, and do you charge tax?',
        answer:
          'You pay by card at checkout. Payments are processed securely by our payment ' +
          'provider, Stripe, and we never store your full card number. Prices are in ' +
          `Canadian dollars (CAD), and ${gst} is added at checkout.`,
      },
      {
        question: 'Do you offer discount codes?',
        answer:
          "No, we don't offer discount codes, and our checkout doesn't accept them. If you " +
          `see a code that claims to be from Northbite, it isn't from us. Orders of ${freeFrom} or ` +
          'more ship free.',
      },
    ],
  },
  {
    heading: 'Returns & refunds',
    items: [
      {
        question: 'How do I cancel my order?',
        answer:
          "You can cancel your order yourself while it's still Pending: sign in, open the " +
          "order from Recent Orders on your account page and cancel it there. You'll get a " +
          'full refund to your original payment method. Once an order is marked Processing ' +
          "(shown as In Progress) or Shipped, it can't be cancelled, because we've already " +
          'started preparing it.',
      },
      {
        question: 'What is your refund policy?',
        answer:
          'You can request a refund within 30 days of your order date for unopened items, ' +
          'or for items that are defective or damaged. Our Refund Policy has all the ' +
          'details.',
      },
      {
        question: 'My order arrived damaged. What should I do?',
        answer:
          "We're sorry! E-mail us at {email} within 30 days of your order date with your " +
          "order number and photos of the damaged items and their packaging. We'll replace " +
          'the items or refund you, including the shipping you paid, since the problem ' +
          "isn't your fault.",
      },
      {
        question: 'Do you offer exchanges?',
        answer:
          "Only for defective or damaged items, which we'll replace with the same product. " +
          "We can't exchange items because you've changed your mind about a flavour, but " +
          'unopened items may be eligible for a refund within 30 days of your order date.',
      },
      {
        question: "Can I return snacks I've opened?",
        answer:
          "Only if they're defective. Our snacks are perishable food, so for food safety we " +
          "can't accept returns of opened products otherwise.",
      },
      {
        question: 'How long does a refund take?',
        answer:
          'Once we approve your refund, we send it to your original payment method within ' +
          '5-10 business days. Your bank or card issuer may take a few extra days to show ' +
          'it on your statement.',
      },
    ],
  },
  {
    heading: 'Your account',
    items: [
      {
        question: 'Do I need an account to order?',
        answer:
          "Yes. You'll be asked to sign in or create an account before checkout. Your " +
          'account lets you follow your orders, update a shipping address and cancel an ' +
          "order while it's still Pending.",
      },
      {
        question: 'How do I sign in?',
        answer:
          'Sign in with your e-mail address and password, or with your Google account. If ' +
          'you use Google, we receive your name and e-mail address from Google, never your ' +
          'Google password.',
      },
      {
        question: 'How do I track my order?',
        answer:
          'Go to Track Your Order (linked at the bottom of every page), enter your order ' +
          "number and select Track Order. If you're signed in, you can also open any order " +
          "from Recent Orders on your account page. Pending means we've received your " +
          "order, In Progress means we're preparing it and Shipped means it's on its way.",
      },
      {
        question: 'Can I change the shipping address on my order?',
        answer:
          'Yes, while your order is Pending or In Progress. Open the order from your ' +
          'account page and edit the shipping address there. Once an order has shipped, the ' +
          "address can't be changed. Remember that we can only ship within British Columbia " +
          'for now.',
      },
      {
        question: 'How do I unsubscribe from e-mails or text messages?',
        answer:
          'Turn off your e-mail or text message subscriptions on your account page ' +
          '(/profile), or use the unsubscribe link at the bottom of any marketing e-mail. ' +
          "You'll still receive order confirmations and updates.",
      },
      {
        question: 'How do I update my details or delete my account?',
        answer:
          'You can edit your name, e-mail address, phone number and address on your account ' +
          "page. To delete your account, e-mail us at {email}. We'll delete your personal " +
          'information, except records we must keep by law, such as order records for tax ' +
          'purposes.',
      },
    ],
  },
  {
    heading: 'Wholesale & contact',
    items: [
      {
        question: 'Do you offer wholesale?',
        answer:
          'Yes! We work with cafés, gyms, shops and other businesses. E-mail us at {email} ' +
          "with your business name, location and the products you're interested in, and " +
          "we'll send you our wholesale details.",
      },
      {
        question: 'How can I contact you?',
        answer:
          'Send us a message through our Contact page or e-mail us at {email}. If your ' +
          'question is about an order, include your order number so we can help you faster.',
      },
      {
        question: "Can I order if the website doesn't work for me?",
        answer:
          "Yes. If you can't use our website, including for accessibility reasons, e-mail " +
          "us at {email} with the products you'd like and your shipping address, and we'll " +
          'help you place your order.',
      },
      {
        question: 'Where are you based?',
        answer:
          'Northbite Snacks Inc. is based in Vancouver, British Columbia. We bake our ' +
          'snacks in small batches here and ship them across the province.',
      },
    ],
  },
];
