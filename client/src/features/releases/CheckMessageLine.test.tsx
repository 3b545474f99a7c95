import { render, screen } from '@testing-library/react';
import { CheckMessageLine } from './CheckMessageLine';

test('holds its line while empty and announces the message that fills it', () => {
  const { container, rerender } = render(<CheckMessageLine />);
  expect(container.firstElementChild).toHaveClass('message-line');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  rerender(<CheckMessageLine id="stores-error" message="Select at least one store" />);
  expect(screen.getByRole('alert')).toHaveTextContent('Select at least one store');
  expect(screen.getByRole('alert')).toHaveAttribute('id', 'stores-error');
  expect(container.firstElementChild).toHaveClass('message-line');
});

test('holds no line where nothing can be checked (a read-only release)', () => {
  const { container } = render(<CheckMessageLine reserved={false} />);
  expect(container.firstElementChild).not.toHaveClass('message-line');
});
