import { Alert, Button, buttonVariants, Card, CardContent, TextField, useToast } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createTenantAtom } from '../../atoms/tenants';
import { PageHeader } from '../../components/page';
import { useT } from '../../i18n';
import { knownAdminError } from '../../lib/errors';
import { emptyNewTenant, type NewTenantErrors, validateNewTenant, withName, withSlug } from '../../lib/new-tenant';

type Failure = 'failed' | 'slugTaken';

/** Create a tenant (/admin/tenants/new): name and slug; the slug follows the name until edited. */
export function NewTenantPage() {
  const { t } = useT();
  const { toast } = useToast();
  const navigate = useNavigate();
  const createTenant = useSetAtom(createTenantAtom);
  const [form, setForm] = useState(emptyNewTenant);
  const [errors, setErrors] = useState<NewTenantErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  // Errors show once a submit was tried, then follow the typing.
  const update = (next: typeof form) => {
    setForm(next);
    setFailure(null);
    if (submitted) setErrors(validateNewTenant(next));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    setSubmitted(true);
    const found = validateNewTenant(form);
    setErrors(found);
    if (found.name || found.slug) return;
    setCreating(true);
    setFailure(null);
    try {
      const id = await createTenant({ name: form.name, slug: form.slug });
      toast(t('newTenant.created', { name: form.name.trim() }));
      navigate(`/tenants?tenant-id=${encodeURIComponent(id)}`);
    } catch (error) {
      setFailure(knownAdminError(error) === 'slugTaken' ? 'slugTaken' : 'failed');
      setCreating(false);
    }
  }

  return (
    <>
      <PageHeader title={t('newTenant.title')} description={t('newTenant.description')} />
      <Card className="max-w-xl">
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4">
            {failure === 'failed' ? <Alert tone="error">{t('newTenant.failed')}</Alert> : null}
            <TextField
              label={t('newTenant.name')}
              required
              autoComplete="off"
              value={form.name}
              onChange={(event) => update(withName(form, event.target.value))}
              error={errors.name ? t(`newTenant.${errors.name}`) : null}
            />
            <TextField
              label={t('newTenant.slug')}
              required
              autoComplete="off"
              spellCheck={false}
              value={form.slug}
              onChange={(event) => update(withSlug(form, event.target.value))}
              hint={t('newTenant.slugHint')}
              error={
                failure === 'slugTaken'
                  ? t('adminErrors.slugTaken')
                  : errors.slug
                    ? t(`newTenant.${errors.slug}`)
                    : null
              }
              className="font-mono"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={creating} loadingLabel={t('common.saving')}>
                {t('newTenant.create')}
              </Button>
              <Link to="/tenants" className={buttonVariants({ variant: 'outline' })}>
                {t('newTenant.back')}
              </Link>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
