import { StepsSection } from '../../components/StepsSection.tsx';

const STEPS = [
  {
    title: 'Select a product',
    text: 'Browse the deal rooms and pick the product you want. Each room shows its entry fee, seats, price range and start time.',
  },
  {
    title: 'Add to wallet',
    text: 'Top up your wallet with ₹50, ₹100 or ₹200 at a time and pre-book your seat. The entry fee is held safely until the room starts.',
  },
  {
    title: 'Shop or win',
    text: 'Win the deal and buy the product at your final price with ₹0 delivery. Don’t win? Your fee comes back as Reward Cash for the shop.',
  },
] as const;

export const HowItWorks = () => <StepsSection id="how-it-works" eyebrow="Three simple steps" steps={STEPS} />;
