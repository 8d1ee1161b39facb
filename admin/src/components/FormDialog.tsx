import { useState, type ReactNode } from 'react';
import { Button, Flex, Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useToast } from './useToast.js';

export interface FormDialogProps<Values> {
  form: FormInstance<Values>;
  title: string;
  /** The primary button's words: 'Create Show', or 'Save Changes' for an existing one. */
  submitText: string;
  /** The primary button spins while the form is being saved. */
  saving: boolean;
  onClose: () => void;
  onFinish: (values: Values) => void;
  initialValues?: FormProps<Values>['initialValues'];
  onValuesChange?: FormProps<Values>['onValuesChange'];
  /**
   * For a dialog that can delete its record: Delete at the footer's left, shown when `onDelete`
   * is given (an existing record). Without it the footer is antd's own, Cancel and the submit.
   */
  deletion?: { onDelete?: () => void; deleting: boolean };
  width?: number;
  /** What the dialog shows above the form (the photo being described, say). */
  above?: ReactNode;
  /** What it shows below the form (an order's total, an error). */
  below?: ReactNode;
  children: ReactNode;
}

/**
 * The dashboard's create-or-edit dialog: a vertical form without required marks in a modal,
 * submitted by the footer's primary button, with Cancel (and Delete, for a record that has it).
 */
export function FormDialog<Values>(props: FormDialogProps<Values>) {
  const { form, submitText, saving, onClose, deletion } = props;
  const submit = () => form.submit();
  const footer = deletion && (
    <Flex justify="space-between" gap={8} wrap>
      <span>
        {deletion.onDelete && (
          <Button danger onClick={deletion.onDelete} loading={deletion.deleting}>
            Delete
          </Button>
        )}
      </span>
      <Flex gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" onClick={submit} loading={saving}>
          {submitText}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Modal
      open
      title={props.title}
      onCancel={onClose}
      width={props.width}
      destroyOnHidden
      {...(footer ? { footer } : { okText: submitText, onOk: submit, confirmLoading: saving })}
    >
      {props.above}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={props.onFinish}
        onValuesChange={props.onValuesChange}
        requiredMark={false}
      >
        {props.children}
      </Form>
      {props.below}
    </Modal>
  );
}

/**
 * A dialog form's submit: `save` runs while `saving` is true (it says how it went and closes
 * the dialog); a failure is the error toast `failure`, with `describe`'s text when given.
 */
export function useFormSave<Values>(
  save: (values: Values) => Promise<void>,
  failure: string,
  describe?: (err: unknown) => string | undefined,
) {
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      await save(values);
    } catch (err) {
      toast.error(failure, err, describe?.(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, onFinish };
}
