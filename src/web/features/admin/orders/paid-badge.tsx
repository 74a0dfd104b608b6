export function PaidBadge({ paid }: { paid: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
        paid ? 'bg-white text-forest ring-forest/40' : 'bg-white text-muted ring-beige'
      }`}
    >
      {paid ? 'Paid' : 'Not paid'}
    </span>
  );
}
