import { getPlan } from './plans';

// The six questions of the pricing page's FAQ (spec section 2). Plans are named as ./plans names them.

const diy = getPlan('diy').name;
const starter = getPlan('starter').name;

export type FaqItem = { question: string; answer: string };

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'How quickly will I see results?',
    answer:
      'We do not promise a date. AI assistants update what they know at different speeds, and their answers vary from one asking to the next, so we ask the same questions again and again and show you each week whether your figures moved, or say plainly that there is no clear change yet.',
  },
  {
    question: `What is the difference between ${diy} and the White Glove plans?`,
    answer: `${diy} gives you the premium GPT, and the Keys to Victory prompt kit so you can do the work yourself. With ${starter}, ${getPlan('growth').name} and ${getPlan('authority').name} our team does the work for you, with more depth and support at each level.`,
  },
  {
    question: 'Can I upgrade or downgrade my plan?',
    answer: 'Yes. Upgrades are immediate, and downgrades take effect at the next billing cycle.',
  },
  {
    question: 'Which AI assistants do you optimize for?',
    answer:
      'We focus on the assistants your customers use most, including ChatGPT, Gemini and Perplexity, and we test your visibility in each of them.',
  },
  {
    question: 'Do I need technical skills?',
    answer: `No. The ${diy} plan walks you through every step in plain language, and from ${starter} up we handle the technical parts for you.`,
  },
  {
    question: 'How do I pay?',
    answer:
      'Each plan is billed monthly by card through a secure hosted checkout page. Choose a plan above to get started, or book a strategy call if you have questions first.',
  },
];
