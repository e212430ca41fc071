import type { InquiryType } from '~/schemas/contact';

// The contact page's copy: the inquiry types of spec section 3 and the response times and business
// hours of spec section 9.

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  general: 'General Inquiry',
  diy: 'DIY All-In Plan',
  'white-glove': 'White Glove Service',
  enterprise: 'Enterprise Solutions',
  partnership: 'Partnership',
};

const RESPONSE_TIME = {
  general: { label: 'General inquiries', time: '24 hours' },
  sales: { label: 'Sales', time: '4 hours' },
  technical: { label: 'Technical support', time: '2 hours' },
  enterprise: { label: 'Enterprise', time: '1 hour' },
} as const;

/** The promised response times the contact page lists (spec section 9). */
export const RESPONSE_TIMES: readonly { label: string; time: string }[] =
  Object.values(RESPONSE_TIME);

/** Which of those promises an inquiry of each type gets: plans and partnerships are sales. */
const RESPONSE_BY_TYPE: Record<InquiryType, keyof typeof RESPONSE_TIME> = {
  general: 'general',
  diy: 'sales',
  'white-glove': 'sales',
  partnership: 'sales',
  enterprise: 'enterprise',
};

export function responseTimeFor(type: InquiryType): string {
  return RESPONSE_TIME[RESPONSE_BY_TYPE[type]].time;
}

/** The confirmation after sending: the promise follows the inquiry type, as the page shows it. */
export function contactSuccessMessage(type: InquiryType) {
  return {
    title: CONTACT_PAGE.success.title,
    description: `Thank you for reaching out. We'll get back to you within ${responseTimeFor(type)}.`,
  };
}

export const BUSINESS_HOURS = 'Mon-Fri 9AM-6PM EST';

export const CONTACT_PAGE = {
  title: 'Contact Us',
  lead: 'Questions about AI visibility, our plans or a partnership? Send us a message and we will get back to you.',
  formTitle: 'Send us a message',
  submit: 'Send Message',
  sending: 'Sending...',
  success: { title: 'Message Sent!' },
  rateLimitedTitle: 'Message not sent',
  infoTitle: 'Contact information',
  responseTimesTitle: 'Response times',
  hoursTitle: 'Business hours',
  bookCall: 'Book Strategy Call',
  bookCallLead: 'Prefer to talk? Pick a time that suits you.',
} as const;
