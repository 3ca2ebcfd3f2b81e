import { Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Card',
  tags: ['autodocs'],
  component: Card,
  args: { className: 'w-96' },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

const invalidate = fn();

export const Composition: Story = {
  render: (args, { globals }) => {
    const words = pick(globals, {
      en: {
        title: 'Cache',
        description: 'Tenant settings are cached for speed.',
        body: 'Invalidate the cache after changing settings directly in the database.',
        action: 'Invalidate cache',
      },
      sv: {
        title: 'Cache',
        description: 'Kundinställningar cachas för snabbhet.',
        body: 'Töm cachen efter att du ändrat inställningar direkt i databasen.',
        action: 'Töm cache',
      },
    });
    return (
      <Card {...args}>
        <CardHeader>
          <CardTitle>{words.title}</CardTitle>
          <CardDescription>{words.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm">{words.body}</p>
        </CardContent>
        <CardFooter>
          <Button variant="destructive" onClick={invalidate}>
            {words.action}
          </Button>
        </CardFooter>
      </Card>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvasElement.querySelector('[data-slot="card"]');
    await expect(card).toBeInTheDocument();
    const heading = canvas.getByRole('heading', { level: 2, name: 'Cache' });
    await expect(card).toContainElement(heading);
    await expect(canvas.getByText('Tenant settings are cached for speed.')).toHaveAttribute(
      'data-slot',
      'card-description',
    );
    const footer = canvasElement.querySelector('[data-slot="card-footer"]');
    const button = canvas.getByRole('button', { name: 'Invalidate cache' });
    await expect(footer).toContainElement(button);
    await userEvent.click(button);
    await expect(invalidate).toHaveBeenCalledOnce();
  },
};

export const HeadingLevel: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle as="h3">acme</CardTitle>
        <CardDescription>Last accessed today</CardDescription>
      </CardHeader>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 3, name: 'acme' })).toBeVisible();
  },
};

export const ContentOnly: Story = {
  render: (args) => (
    <Card {...args}>
      <CardContent>No tenants match your search.</CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tenants match your search.')).toBeVisible();
  },
};
