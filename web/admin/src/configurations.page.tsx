import Form from '@rjsf/core';
import { errorId, type ErrorSchema, type FieldErrorProps, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { FORM_BUTTONS } from './form-buttons';
import { useCallback, useEffect, useState } from 'react';
import type { Gql } from './api';
import { AdminConfigurationDocument, AdminConfigurationSchemaDocument, AdminConfigurationsDocument, AdminPutConfigurationDocument } from './generated/graphql';
import { displaySchema, errorSchemaOf, errorsInWords, formSchema, isObject, SECRET_MASK, serviceErrorsInWords, toFormData, toStoredData, uiSchemaFor } from './config-form';
import { Problem, useQuery } from './ui';


/** Every adapter and configuration of the channel; the chosen one's form, generated from its JSON schema. */
export function ConfigurationsPage({ gql, selected }: { gql: Gql; selected: string | undefined }) {
  const list = useQuery(useCallback(() => gql(AdminConfigurationsDocument), [gql]));
  return (
    <div className="split">
      <section className="list">
        <h2>Configurations</h2>
        {list.error && <Problem error={list.error} />}
        {list.data && (
          <table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Kind</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {[
                ...list.data.adapters.map((adapter) => ({ id: adapter.id, kind: adapter.kind, state: adapter.configuration ? `v${adapter.configuration.version}${adapter.configuration.active === false ? ', inactive' : ''}` : adapter.available ? 'not configured' : 'not running here' })),
                ...list.data.configurations.filter((row) => !list.data!.adapters.some((adapter) => adapter.id === row.id)).map((row) => ({ id: row.id, kind: 'configuration', state: `v${row.version}` })),
              ].map((row) => (
                <tr key={row.id} className={row.id === selected ? 'selected' : ''}>
                  <td>
                    <a href={`#/configurations/${encodeURIComponent(row.id)}`}>{row.id}</a>
                  </td>
                  <td>{row.kind}</td>
                  <td>{row.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="detail">{selected ? <ConfigurationEditor key={selected} gql={gql} id={selected} onSaved={list.reload} /> : <p>Choose a configuration.</p>}</section>
    </div>
  );
}

interface Loaded {
  version: number | null;
  document: Record<string, unknown>;
  schema: RJSFSchema;
  ui: UiSchema;
}


function ConfigurationEditor({ gql, id, onSaved }: { gql: Gql; id: string; onSaved: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<Error | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    (async () => {
      const { configuration, adapter } = await gql(AdminConfigurationDocument, { id });
      const raw = configuration?.schema ?? adapter?.configurationSchema;
      if (!isObject(raw)) throw new Error(`No schema is known for ${id}.`);
      // Shown in the units a person uses (x-unit: prices in major units, rates in percent); stored in the schema's.
      const schema = displaySchema(await formSchema(raw, async (url) => {
        const { configurationSchema } = await gql(AdminConfigurationSchemaDocument, { url });
        return isObject(configurationSchema) ? configurationSchema : null;
      }));
      const document = isObject(configuration?.document) ? configuration.document : { id, active: false };
      const ui = uiSchemaFor(schema);
      // A new configuration names its schema: the adapter's schema URL at its public address.
      if (!configuration) ui.$schema = { 'ui:help': `e.g. https://<${id} public address>/openapi/v1/schemas/${id}.json` };
      setLoaded({ version: configuration?.version ?? null, document, schema, ui });
      setFormData(toFormData(schema, document));
    })().catch((failure: Error) => setError(failure));
  }, [gql, id]);

  if (error) return <Problem error={error} />;
  if (!loaded) return <p>Loading {id}…</p>;

  const save = async (document: Record<string, unknown>) => {
    setSaving(true);
    setOutcome(null);
    try {
      const { putConfiguration: result } = await gql(AdminPutConfigurationDocument, { id, document: toStoredData(loaded.schema, document) });
      if (result.__typename === 'ConfigurationValidationError') {
        setServerErrors(errorSchemaOf(serviceErrorsInWords(loaded.schema, result.errors)));
        setOutcome(`Not saved: ${result.message}`);
      } else {
        setServerErrors(undefined);
        const document = isObject(result.document) ? result.document : {};
        setFormData(toFormData(loaded.schema, document));
        setLoaded({ ...loaded, version: result.version, document });
        setOutcome(`Saved: version ${result.version}.`);
        onSaved();
      }
    } catch (failure) {
      setOutcome(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="configuration" data-configuration={id}>
      <h2>
        {id} {loaded.version !== null ? <small>version {loaded.version}</small> : <small>not configured yet</small>}
      </h2>
      {outcome && (
        <p className={outcome.startsWith('Saved') ? 'saved' : 'problem'} role="status" data-testid="save-outcome">
          {outcome}
        </p>
      )}
      <Form
        schema={loaded.schema}
        uiSchema={{ ...loaded.ui, 'ui:submitButtonOptions': { submitText: 'Save', props: { disabled: saving } } }}
        formData={formData}
        validator={validator}
        widgets={{ SecretWidget }}
        templates={{ ButtonTemplates: FORM_BUTTONS, FieldErrorTemplate: FieldErrors }}
        noHtml5Validate
        showErrorList={false}
        extraErrors={serverErrors}
        transformErrors={errorsInWords(loaded.schema)}
        onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
        onError={() => setOutcome('Not saved: fix the fields marked below.')}
        onSubmit={(event) => void save(event.formData as Record<string, unknown>)}
      />
    </div>
  );
}

/** A write-only field: the stored secret shows masked and is kept when left as it is. */
function SecretWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  const kept = value === SECRET_MASK;
  return (
    <div className="secret">
      <input
        id={id}
        name={id}
        type="password"
        autoComplete="new-password"
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <small data-testid={`${id}-note`}>{kept ? 'Stored secret: kept unless you type a new one.' : 'New value: stored encrypted, never shown again.'}</small>
    </div>
  );
}

/**
 * A field's errors under it, each sentence once: the form's own check and the service's refusal
 * of the same value (kept until the next save) say the same thing, and are shown as one.
 */
function FieldErrors({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter((error, index) => Boolean(error) && (typeof error !== 'string' || errors.indexOf(error) === index));
  if (shown.length === 0) return null;
  return (
    <div>
      <ul id={errorId(fieldPathId)} className="error-detail">
        {shown.map((error, index) => (
          <li key={index} className="text-danger">
            {error}
          </li>
        ))}
      </ul>
    </div>
  );
}
