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

export const RESPONSE_TIMES: readonly { label: string; time: string }[] = [
  { label: 'General inquiries', time: '24 hours' },
  { label: 'Sales', time: '4 hours' },
  { label: 'Technical support', time: '2 hours' },
  { label: 'Enterprise', time: '1 hour' },
];

export const BUSINESS_HOURS = 'Mon-Fri 9AM-6PM EST';

export const CONTACT_PAGE = {
  title: 'Contact Us',
  lead: 'Questions about AI visibility, our plans or a partnership? Send us a message and we will get back to you.',
  formTitle: 'Send us a message',
  submit: 'Send Message',
  sending: 'Sending...',
  success: {
    title: 'Message Sent!',
    description: "Thank you for reaching out. We'll get back to you within 24 hours.",
  },
  rateLimitedTitle: 'Message not sent',
  infoTitle: 'Contact information',
  responseTimesTitle: 'Response times',
  hoursTitle: 'Business hours',
  bookCall: 'Book Strategy Call',
  bookCallLead: 'Prefer to talk? Pick a time that suits you.',
} as const;
