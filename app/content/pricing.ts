// The pricing page's own copy, in its own module so other pages do not ship it.

export const PRICING_PAGE = {
  title: 'Choose Your AI Visibility Plan',
  lead: 'Monthly plans for every stage, from doing it yourself to a team that does it all for you.',
  actionPlan: {
    title: 'Not sure which plan fits?',
    lead: 'Book a short call and we will put together a free action plan for your business.',
    button: 'Get Your Free Action Plan',
  },
  sales: {
    title: 'Need something bigger?',
    lead: 'Several locations, an agency, or custom requirements? Talk to us.',
    contactSales: 'Contact Sales',
    bookCall: 'Book Strategy Call',
  },
  tableTitle: 'What each plan includes',
  tableLead:
    'The limits below are the ones our server keeps to. An expired plan counts as Free until it is renewed; what you added beyond Free is kept.',
  faqTitle: 'Frequently asked questions',
} as const;
