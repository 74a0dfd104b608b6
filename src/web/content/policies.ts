/**
 * The four static policy pages (docs/product.md, Screens). `{email}` becomes the contact e-mail
 * when rendered.
 */
import { formatPriceShort } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_RATES_CENTS, homeSalesTaxLabel } from '../../domain/pricing';
import { DEFAULT_ORDER_RETENTION_YEARS } from '../../domain/retention';
import type { PolicyPage } from './types';

const freeFrom = formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS);
const rates = {
  vancouver: formatPriceShort(SHIPPING_RATES_CENTS.vancouver),
  burnaby: formatPriceShort(SHIPPING_RATES_CENTS.burnaby),
  elsewhere: formatPriceShort(SHIPPING_RATES_CENTS.elsewhere),
};
const gst = homeSalesTaxLabel();

export const policyPages: Record<
  'terms-of-use' | 'privacy-policy' | 'accessibility-policy' | 'refund-policy',
  PolicyPage
> = {
  'terms-of-use': {
    slug: 'terms-of-use',
    title: 'Terms of Use',
    description:
      'The terms for using the Northbite website and buying our protein snacks: orders, ' +
      'CAD pricing, payment, BC shipping, cancellations, refunds and your rights.',
    effective: 'Effective November 4, 2024',
    intro: [
      'These Terms of Use are the agreement between you and Northbite Snacks Inc. ' +
        '(called Northbite, we or us in these terms), a company based in Vancouver, ' +
        'British Columbia. They apply when you visit our website, create an account or ' +
        'buy our snacks.',
      "We've tried to write them in plain language, but they're still a legal " +
        'agreement, so please read them carefully. Nothing in these terms takes away any ' +
        'rights you have under consumer protection laws.',
    ],
    sections: [
      {
        heading: 'Accepting these terms',
        paragraphs: [
          'By using our website or placing an order, you agree to these Terms of Use. Our ' +
            'Refund Policy is part of these terms, and our Privacy Policy explains how we ' +
            "handle your personal information. If you don't agree, please don't use the site.",
        ],
      },
      {
        heading: 'Who can use the site',
        paragraphs: [
          'You must be 18 or older, or an emancipated minor, to create an account or place ' +
            'an order. By doing either, you confirm that you meet this requirement.',
          "Our site is not directed to children under 13, and we don't knowingly collect " +
            'personal information from them. If you believe a child under 13 has given us ' +
            "personal information, please contact us at {email} and we'll delete it.",
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You can create an account with your e-mail address and a password, or sign in ' +
            'with your Google account. You need an account to check out, follow your orders ' +
            'and manage your subscriptions. When you have an account:',
        ],
        list: [
          'Give us accurate information and keep it up to date from your account page.',
          "Keep your password private and don't share your account with anyone else.",
          'Sign out when you use a shared or public device.',
          'Tell us right away at {email} if you think someone else has used your account.',
        ],
      },
      {
        heading: 'Orders, prices and availability',
        paragraphs: [
          `All prices are in Canadian dollars (CAD). ${gst} is added at checkout, and the ` +
            'shipping charge for your order is shown before you pay.',
          'Products are available while supplies last. We may refuse or cancel an order, or ' +
            "limit quantities, for example if a product is out of stock, if we can't deliver " +
            "to your address, if we suspect fraud or if there's an error in a price or " +
            "product description. If we cancel an order you've paid for, we'll refund you in " +
            'full.',
          'We work hard to keep prices and product information accurate, but mistakes can ' +
            "happen. If we find a price error on something you've ordered, we'll contact you " +
            'and let you choose to go ahead at the correct price or cancel for a full refund.',
          "We may change our products and prices at any time. Changes don't affect orders " +
            "you've already placed.",
          "We don't offer discount codes, coupon codes or promo codes, and our checkout " +
            "doesn't accept them. If you see a code that claims to be from Northbite, it " +
            "isn't from us.",
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          'We accept payment by card. Card payments are processed securely by our payment ' +
            'provider, Stripe. Your card details go directly to Stripe: we never see or store ' +
            'your full card number.',
          'Your card is charged the full order total, including products, shipping and GST, ' +
            "when you place your order. By paying, you confirm that you're authorized to use " +
            'the card.',
        ],
      },
      {
        heading: 'Shipping and delivery',
        paragraphs: ['For now, we ship only to addresses in British Columbia, Canada.'],
        list: [
          "Delivery usually takes 3-7 business days. We don't offer expedited or express " + 'shipping.',
          `Shipping is free on orders of ${freeFrom} or more (before tax).`,
          `Otherwise, a flat rate based on your city is shown at checkout: ${rates.vancouver} in Vancouver, ` +
            `${rates.burnaby} in Burnaby and ${rates.elsewhere} elsewhere in British Columbia.`,
          'Delivery times are estimates, not guarantees, and can be affected by weather, ' +
            'holidays and carrier delays.',
        ],
      },
      {
        heading: 'Cancelling an order',
        paragraphs: [
          'You can cancel an order yourself while its status is Pending. Sign in, open the ' +
            "order from Recent Orders on your account page and cancel it there. We'll refund " +
            'the full amount to your original payment method.',
          'Once an order is marked Processing (shown as In Progress on your order page) or ' +
            "Shipped, it can't be cancelled, because we've already started preparing it. If " +
            'something is wrong when it arrives, our Refund Policy still applies.',
          'While an order is Pending or Processing, you can also update its shipping ' +
            'address from the order page. Please check your address carefully before you pay.',
        ],
      },
      {
        heading: 'Returns and refunds',
        paragraphs: ['Our Refund Policy explains returns, exchanges and refunds in full. In short:'],
        list: [
          'You can request a refund within 30 days of your order date.',
          'Unopened items, and items that are defective or damaged, are eligible.',
          "For food safety, we can't accept returns of opened products unless they're " + 'defective.',
          'Exchanges are offered only for defective or damaged items.',
          'Approved refunds go back to your original payment method.',
        ],
      },
      {
        heading: 'Wholesale',
        paragraphs: [
          'We offer wholesale for cafés, gyms, shops and other businesses. To ask about ' +
            'wholesale pricing and minimum orders, contact us at {email}. Wholesale orders ' +
            'may be covered by separate terms that we agree with you.',
        ],
      },
      {
        heading: 'Product information and allergens',
        paragraphs: [
          'Our snacks have no added sugar and no preservatives, are gluten-free and are ' +
            'made with coconut oil. Our cookies and energy bites are sweetened with dates, ' +
            'and our granola with maple.',
          'Our cookies contain milk (including whey protein) and eggs, and many of our ' +
            'products contain tree nuts, peanuts or both. Everything we make is prepared in a ' +
            "kitchen that also handles tree nuts, peanuts, milk and eggs, so we can't " +
            'guarantee that any product is free of these allergens.',
          'Always read the ingredients and allergen information on the product page and the ' +
            'package before eating. Nutrition information is provided for general information ' +
            "and isn't medical advice; if you have a food allergy or a health condition, " +
            'check with your health care provider.',
          'Our snacks are baked by hand, so each one may look a little different from the ' + 'photos.',
        ],
      },
      {
        heading: 'Intellectual property',
        paragraphs: [
          'The Northbite name and logo, our product names, recipes, photos, text and the ' +
            'design of this site belong to Northbite Snacks Inc. or the people who license ' +
            'them to us, and are protected by intellectual property laws.',
          'You may view and print pages for your own personal, non-commercial use. You may ' +
            'not copy, sell or otherwise use our content, name or logo without our written ' +
            'permission.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: ["When you use our site, please don't:"],
        list: [
          'Break any law or these terms',
          "Place fraudulent orders or use a payment card you're not authorized to use",
          "Try to gain unauthorized access to our systems or to other people's accounts or " + 'information',
          "Interfere with the site's security or performance, for example with malicious " +
            'code or by overloading it',
          'Use bots, scrapers or other automated tools to copy content or place orders ' +
            'without our permission',
          'Pretend to be someone else or give us false information',
        ],
      },
      {
        heading: 'Disclaimers and limitation of liability',
        paragraphs: [
          "We want our site and our snacks to be great, but we can't promise that the " +
            'website will always be available or free of errors. To the extent the law ' +
            'allows, we provide the website as is.',
          'To the extent permitted by law, Northbite Snacks Inc. is not liable for ' +
            'indirect, incidental or consequential losses, such as lost profits or lost data, ' +
            'arising from your use of the site. Where we are liable for a problem with an ' +
            'order, our total liability is limited to the amount you paid for that order.',
          "Nothing in these terms limits or excludes any liability that can't be limited or " +
            'excluded by law, including liability for personal injury caused by our ' +
            'negligence, or any rights you have as a consumer under the laws of British ' +
            'Columbia or Canada.',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'These terms are governed by the laws of the Province of British Columbia and the ' +
            'federal laws of Canada that apply there. Any dispute will be handled by the ' +
            'courts of British Columbia, unless consumer protection law gives you the right ' +
            'to go elsewhere.',
          'If you have a concern, please contact us first at {email}. Most problems can be ' +
            'solved quickly and informally.',
          'If any part of these terms is found to be unenforceable, the rest of the terms ' +
            'remain in effect.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms from time to time, for example when our services or ' +
            "the law change. We'll post the updated version on this page with a new effective " +
            "date, and for significant changes we'll also let account holders know by e-mail " +
            'or with a notice on the site.',
          "Changes don't apply to orders placed before they take effect. If you keep using " +
            'the site after a change takes effect, you accept the updated terms.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          'Questions about these terms? E-mail us at {email}.',
          'Northbite Snacks Inc., Vancouver, British Columbia, Canada',
        ],
      },
    ],
  },
  'privacy-policy': {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    description:
      'How Northbite collects, uses, shares and protects your personal information ' +
      "under PIPEDA and BC's PIPA, and how to access it or unsubscribe from e-mails.",
    effective: 'Effective November 4, 2024',
    intro: [
      'Northbite Snacks Inc. (Northbite, we or us) respects your privacy. This policy ' +
        'explains what personal information we collect when you use our website and buy ' +
        'our snacks, why we collect it, who we share it with and the choices you have.',
      "We handle personal information in line with Canada's Personal Information " +
        "Protection and Electronic Documents Act (PIPEDA) and British Columbia's Personal " +
        'Information Protection Act (PIPA). If you have questions, our privacy officer is ' +
        'happy to help at {email}.',
    ],
    sections: [
      {
        heading: 'Information we collect',
        paragraphs: ['We collect only what we need to run our shop:'],
        list: [
          'Account information: your name, e-mail address, phone number, address and ' +
            "password. We store passwords only in a scrambled (hashed) form that can't be " +
            'read back. If you sign in with Google, we receive your name and e-mail address ' +
            'from Google, never your Google password.',
          'Order information: the products you buy, prices, totals, order status and your ' +
            'order history.',
          'Shipping information: the name, address, phone number and e-mail address you ' +
            'give us for delivery.',
          'Payment information: card payments are handled by our payment provider, Stripe. ' +
            'We receive confirmation of your payment and a payment reference, but never your ' +
            'full card number.',
          'Messages: what you send us through our contact form or by e-mail, including your ' +
            'name and e-mail address.',
          'Newsletter sign-ups: the e-mail address you give us.',
          "Shopping activity: when you're signed in, the products you view, the items you " +
            'add to your cart, the checkouts you start and the orders you place.',
          'Device and log data: like most websites, our servers record technical ' +
            'information such as your IP address, browser type, the pages you visit and the ' +
            'date and time of your visit.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          "We keep your cart and your sign-in in your browser's local storage, so your cart " +
            'is still there when you come back and you stay signed in. This information stays ' +
            'on your device until you sign out, empty your cart or clear your browser data.',
          'Our payment provider (Stripe) and our e-mail marketing provider (Klaviyo) may ' +
            'set their own cookies or use similar technologies, for example to prevent fraud ' +
            'and to recognize you when you return from one of our e-mails. Google sign-in and ' +
            "our embedded Instagram feed may also set cookies under those companies' own " +
            "policies. We don't use cookies for advertising.",
          'You can block or delete cookies and local storage in your browser settings, but ' +
            'some features, such as your cart, signing in and checkout, may not work ' +
            'properly.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: ['We use your personal information to:'],
        list: [
          'Process, pack, ship and deliver your orders, and send you order confirmations ' + 'and updates',
          'Take payments, issue refunds and prevent fraud',
          'Create and manage your account and sign you in',
          'Answer your questions, feedback and requests',
          'Save your cart if you leave checkout before finishing, so you can pick up where ' + 'you left off',
          "Send you marketing e-mails and text messages, only if you've agreed to receive " + 'them',
          'Keep our site secure, fix problems and improve our snacks and website',
          'Meet our legal, tax and accounting obligations',
        ],
      },
      {
        heading: 'Your consent',
        paragraphs: [
          'We collect, use and share your personal information with your consent, as PIPEDA ' +
            'and PIPA require, except where the law allows or requires otherwise. Consent may ' +
            'be express, such as ticking a box to receive marketing, or implied, such as ' +
            'giving us your address so we can ship your order.',
          'You can withdraw your consent at any time, subject to legal or contractual ' +
            'limits. If you withdraw consent for something we need to complete an order, such ' +
            "as your shipping address, we may not be able to complete it, and we'll tell you " +
            "if that's the case.",
        ],
      },
      {
        heading: 'Marketing messages and unsubscribing',
        paragraphs: [
          'We send marketing e-mails and text messages only to people who have agreed to ' +
            "receive them, in line with Canada's Anti-Spam Legislation (CASL). Our marketing " +
            'e-mails are sent through our e-mail marketing provider, Klaviyo, and every one ' +
            "of them tells you who it's from and how to unsubscribe.",
          'You can unsubscribe at any time, free of charge, in any of these ways:',
        ],
        list: [
          'Use the unsubscribe link at the bottom of any marketing e-mail.',
          'Turn off your e-mail or text message subscriptions on your account page ' + '(/profile).',
          'E-mail us at {email}.',
        ],
      },
      {
        heading: 'After you unsubscribe',
        paragraphs: [
          'We act on unsubscribe requests promptly, and always within the 10 business days ' +
            "that CASL allows. You'll still receive messages we need to send about your " +
            "orders and account, such as order confirmations, because these aren't marketing.",
        ],
      },
      {
        heading: 'Who we share information with',
        paragraphs: [
          'We never sell or rent your personal information. We share it only with service ' +
            'providers that help us run our shop, and only what they need to do their job:',
        ],
        list: [
          'Stripe, our payment processor, to take card payments, issue refunds and prevent ' + 'fraud.',
          "Klaviyo, our e-mail marketing provider, to send e-mails you've agreed to " +
            "receive. When you're signed in, we also share your shopping activity with " +
            'Klaviyo so our e-mails are relevant to you.',
          'Shipping carriers, who receive your name, address and phone number so they can ' +
            'deliver your order.',
          'Google, if you choose to sign in with your Google account.',
          'The companies that host our website and store our data.',
        ],
      },
      {
        heading: 'Other disclosures',
        paragraphs: [
          'Our service providers must protect your information and may use it only to ' +
            'provide services to us. We may also disclose personal information when the law ' +
            'requires it, for example in response to a court order, to prevent fraud, or as ' +
            'part of a sale or reorganization of our business, in which case the same ' +
            'protections continue to apply.',
        ],
      },
      {
        heading: 'Where your information is stored',
        paragraphs: [
          'Some of our service providers, including Stripe, Klaviyo and Google, may store ' +
            'or process personal information outside Canada, including in the United States. ' +
            "While it's there, it's subject to the laws of that country and may be accessed " +
            'by its courts, law enforcement and national security authorities. We choose ' +
            'providers with strong privacy and security practices and protect your ' +
            'information through our agreements with them.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep personal information only as long as we need it, then securely delete or ' +
            'anonymize it:',
        ],
        list: [
          'Account information: while your account is open. If you ask us to delete your ' +
            "account, we'll delete or anonymize your information, except what we must keep by " +
            'law.',
          // The number is ORDER_RETENTION_YEARS' default (decision 0043).
          `Order and payment records: ${DEFAULT_ORDER_RETENTION_YEARS} years, for the tax record. ` +
            'The Canada Revenue Agency asks us to keep them for six years from the end of the tax ' +
            'year they belong to. After that, we remove your name and contact details from them; ' +
            'if you delete your account, we do so right away and keep only the amounts, dates, ' +
            'items and province.',
          'Marketing preferences: until you unsubscribe. After that, we keep a record of ' +
            'your choice so we can respect it.',
          'Saved carts, messages and log data: only as long as we need them for the purpose ' +
            'we collected them for.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'We use reasonable physical, technical and administrative safeguards to protect ' +
            'your information, including encrypted connections, hashed passwords, access ' +
            'limited to the people who need it, and carefully chosen service providers. Card ' +
            'details are handled by Stripe and never reach our servers.',
          'No system is perfectly secure. If a breach creates a real risk of significant ' +
            "harm to you, we'll notify you and the appropriate privacy regulator as the law " +
            'requires. You can help by choosing a strong password and signing out on shared ' +
            'devices.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['You have the right to:'],
        list: [
          'Access: download a copy of the personal information we hold about you from your ' +
            'account page (/profile), or ask us for it.',
          'Correction: update most of your details yourself on your account page, or ask us ' +
            "to correct anything that's inaccurate.",
          'Withdraw consent: unsubscribe from marketing or withdraw your consent to other ' +
            'uses, as described above.',
          'Deletion: delete your account and personal information from your account page ' +
            '(/profile), or ask us to, except what we must keep by law.',
        ],
      },
      {
        heading: 'Making a request',
        paragraphs: [
          'To make a request, e-mail our privacy officer at {email}. We may ask you to ' +
            "confirm your identity first. We'll respond within 30 days, as the law requires, " +
            'and let you know if we need more time.',
          "If you're not satisfied with our response, you can contact the Office of the " +
            'Information and Privacy Commissioner for British Columbia or the Office of the ' +
            'Privacy Commissioner of Canada.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          "Our site is not directed to children under 13, and we don't knowingly collect " +
            'personal information from them. You must be 18 or older, or an emancipated ' +
            'minor, to create an account or place an order. If you believe a child has given ' +
            "us personal information, contact us at {email} and we'll delete it.",
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          "We may update this policy when our practices or the law change. We'll post the " +
            'new version on this page with a new effective date and, for significant changes, ' +
            'let account holders know by e-mail or with a notice on the site.',
        ],
      },
      {
        heading: 'Contact our privacy officer',
        paragraphs: [
          'Our privacy officer is responsible for how we follow this policy. For questions, ' +
            'requests or complaints, e-mail {email} with Privacy in the subject line.',
          'Northbite Snacks Inc., Vancouver, British Columbia, Canada',
        ],
      },
    ],
  },
  'accessibility-policy': {
    slug: 'accessibility-policy',
    title: 'Accessibility Policy',
    description:
      "Northbite aims to meet WCAG 2.1 AA. Read what we've done to make our shop " +
      'accessible, where we fall short, and how to share feedback or order by e-mail.',
    effective: 'Effective November 4, 2024',
    intro: [
      'We want everyone to be able to browse our snacks, place an order and get help, ' +
        'whatever their abilities and whatever technology they use.',
      "This policy describes what we've done to make our website accessible, where we " +
        'still fall short, and how to tell us about a barrier so we can fix it.',
    ],
    sections: [
      {
        heading: 'Our commitment',
        paragraphs: [
          'We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at Level AA ' +
            'across our website. WCAG is the internationally recognized standard for making ' +
            'web content accessible to people with disabilities, including people who are ' +
            'blind or have low vision, who are Deaf or hard of hearing, or who have mobility, ' +
            'cognitive or learning disabilities.',
        ],
      },
      {
        heading: "What we've done",
        paragraphs: ["We've built our website with these needs in mind:"],
        list: [
          'Keyboard navigation: you can use menus, the cart, forms and checkout with a ' +
            'keyboard alone, and the item in focus is clearly highlighted.',
          'Screen reader support: buttons, links, icons and form fields have descriptive ' +
            "labels, and pages use headings and landmarks so they're easy to move around.",
          'Colour contrast: text and important controls are designed to meet WCAG AA ' + 'contrast ratios.',
          "Reduced motion: if you've asked your device to reduce motion, we keep animations " +
            'and moving content to a minimum.',
          'Text resizing: you can zoom pages up to 200%, and they adapt to small screens ' +
            'without losing content or features.',
          'Text alternatives: images that carry information have alt text, decorative ' +
            'images are hidden from screen readers, and any video we publish will have ' +
            'captions.',
          'Clear forms: fields have visible labels, and error messages explain what needs ' + 'fixing.',
        ],
      },
      {
        heading: 'Known limitations',
        paragraphs: ["We're still working on a few areas:"],
        list: [
          'Nutrition labels are shown as images. The key nutrition facts also appear as ' +
            "text on product pages, and we're happy to e-mail you the full label as text.",
          'The card payment form is provided by our payment processor, Stripe, the sign-in ' +
            'button by Google, and our photo feed by Instagram. We choose providers that take ' +
            "accessibility seriously, but we don't control how their content works.",
        ],
      },
      {
        heading: 'Tell us about a barrier',
        paragraphs: [
          'We welcome your feedback on the accessibility of our website. If something gets ' +
            'in your way, please e-mail us at {email} and tell us:',
        ],
        list: [
          'The page you were on (its web address or name)',
          'What you were trying to do and what happened',
          "The device, browser and any assistive technology you use, if you're comfortable " + 'sharing',
        ],
      },
      {
        heading: 'How we respond',
        paragraphs: [
          "We'll respond within 5 business days and let you know how we plan to fix the " +
            "problem. If a fix will take longer, we'll help you in another way in the " +
            "meantime. We're happy to reply in the format that works best for you.",
        ],
      },
      {
        heading: 'Other ways to order',
        paragraphs: [
          "If you can't use our website to order, or would rather not, e-mail us at {email} " +
            "with the products and quantities you'd like and your shipping address. We'll " +
            'confirm the details and total with you and help you complete your order and ' +
            'payment. Prices, shipping and our policies are the same as on the website.',
          'We can also send this policy, our other policies and product information, ' +
            'including ingredients, allergens and nutrition facts, in another format such as ' +
            'plain text or large print.',
        ],
      },
      {
        heading: 'Accessible British Columbia Act',
        paragraphs: [
          'As a Vancouver business, we support the goal of the Accessible British Columbia ' +
            'Act: to identify, remove and prevent barriers for people with disabilities. We ' +
            'follow the principles set out in the Act, which are inclusion, adaptability, ' +
            'diversity, collaboration, self-determination and universal design, in how we ' +
            'build our website and serve our customers.',
        ],
      },
      {
        heading: 'Ongoing review',
        paragraphs: [
          'Accessibility is ongoing work. We check new pages and features for accessibility ' +
            'before we publish them, review this policy and our website at least once a year, ' +
            'and use your feedback to decide what to improve first.',
        ],
      },
    ],
  },
  'refund-policy': {
    slug: 'refund-policy',
    title: 'Refund Policy',
    description:
      "Request a refund within 30 days of your order date. Learn what's eligible, how " +
      'exchanges for damaged items work, and how to cancel a Pending order.',
    effective: 'Effective November 4, 2024',
    intro: [
      "We want you to love every bite. If something isn't right with your order, we'll " +
        'work with you to make it right.',
      'This policy explains when you can get a refund or exchange, how to ask for one ' +
        'and how long it takes. Because our snacks are food, a few rules are there to ' +
        'keep everyone safe, so please read it before you send anything back.',
    ],
    sections: [
      {
        heading: 'The 30-day window',
        paragraphs: [
          "You can request a refund within 30 days of your order date. You'll find the " +
            'order date on your order confirmation and on the order page in your account. ' +
            "Requests made after 30 days aren't eligible.",
        ],
      },
      {
        heading: "What's eligible",
        list: [
          'Unopened items in their original, sealed packaging and in the condition you ' + 'received them.',
          'Defective items, such as a product that has spoiled before its best-before date ' +
            'or has a quality problem.',
          'Items that arrived damaged, and orders with wrong or missing items.',
        ],
      },
      {
        heading: "What isn't eligible",
        list: [
          "Opened products, unless they're defective.",
          "Items damaged after delivery, including by storing them in a way that doesn't " +
            'follow our storage guidance.',
          'Requests made more than 30 days after the order date.',
        ],
      },
      {
        heading: 'A note about food safety',
        paragraphs: [
          "Our snacks are perishable food. For food safety, we can't accept returns of " +
            "opened products unless they're defective, and we never resell anything that's " +
            'been sent back.',
          'If you open something and notice a problem, such as an off smell or taste, mould ' +
            "or something that shouldn't be there, stop eating it, keep the packaging and " +
            'contact us right away.',
        ],
      },
      {
        heading: 'Exchanges',
        paragraphs: [
          "We offer exchanges only for defective or damaged items. We'll replace the item " +
            "with the same product. If it's out of stock, you can choose another product of " +
            'equal value or a refund instead.',
          "We can't exchange items because you've changed your mind about a flavour, but " +
            'unopened items may be eligible for a refund.',
        ],
      },
      {
        heading: 'How to request a refund or exchange',
        paragraphs: ['E-mail us at {email} within 30 days of your order date and include:'],
        list: [
          'Your order number',
          "The items your request is about, and whether you'd like a refund or (for " +
            'defective or damaged items) an exchange',
          'The reason for your request',
          'For damaged or defective items, clear photos of the product and its packaging, ' +
            'and of the shipping box if it was damaged in transit',
        ],
      },
      {
        heading: 'What happens next',
        paragraphs: [
          "We'll review your request and reply with next steps. If we need the item back, " +
            "we'll tell you where to send it, so please don't mail anything to us before " +
            "we've been in touch.",
        ],
      },
      {
        heading: 'How refunds are paid',
        paragraphs: [
          "Once we approve your refund, we'll send it to your original payment method " +
            'within 5-10 business days. Your bank or card issuer may take a few extra days to ' +
            'show it on your statement.',
          'Refunds include the GST you paid on the refunded items. We can only refund to ' +
            'the card you paid with.',
        ],
      },
      {
        heading: 'Shipping costs',
        paragraphs: [
          'If the mistake is ours, because an item arrived damaged or defective or we sent ' +
            "the wrong item, we'll refund the shipping you paid and cover the cost of any " +
            'return we ask for.',
          'For other refunds, such as unopened items you no longer want, the original ' +
            "shipping charge isn't refundable and you pay the cost of sending the items back " +
            'to us.',
        ],
      },
      {
        heading: 'Cancelling an order',
        paragraphs: [
          "You can cancel an order yourself while it's still Pending. Sign in, open the " +
            'order from Recent Orders on your account page (/profile) and cancel it from the ' +
            "order page. You'll get a full refund, including shipping and GST, to your " +
            'original payment method.',
          'Once an order is marked Processing (shown as In Progress on your order page) or ' +
            "Shipped, it can't be cancelled, because we've already started preparing it. You " +
            'can still request a refund for eligible items once it arrives.',
        ],
      },
      {
        heading: 'Discount codes and price adjustments',
        paragraphs: [
          "We don't offer discount codes, so there are none to apply to an order after it's " +
            "placed. We also don't adjust the price of past orders if a price changes later.",
        ],
      },
      {
        heading: 'Questions',
        paragraphs: [
          'Questions about this policy or an order? E-mail us at {email}. This policy is ' +
            "part of our Terms of Use and doesn't limit any rights you have under consumer " +
            'protection law.',
        ],
      },
    ],
  },
};
