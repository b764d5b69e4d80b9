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

export const HowItWorks = () => (
  <section className="section" aria-labelledby="how-it-works">
    <div className="container">
      <div className="section-head">
        <p className="eyebrow">Three simple steps</p>
        <h2 id="how-it-works">How It Works</h2>
      </div>
      <ol className="steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className="card step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  </section>
);
