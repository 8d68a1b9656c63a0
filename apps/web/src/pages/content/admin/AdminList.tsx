import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Popconfirm, Space, Table, Typography, type FormInstance, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '../../../api/index.ts';
import type { Page } from '@platter/domain';
import { ADMIN_PAGE_SIZE, contentKeys } from '../contentApi.ts';
import { clearErrorsOnChange, useContentSave } from './editor.tsx';
import './contentAdmin.css';

/**
 * A back-office content list: a paged table with edit and delete on each row, an add button,
 * and the add/edit form in a dialog. `toForm` turns a row (or nothing, for a new item) into
 * the form's values; `submit` checks and sends them (null when the check failed).
 */
export function ContentAdminList<T extends { id: string }, V extends object>(props: {
  title: string;
  testId: string;
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  toForm: (row: T | null) => V;
  submit: (form: FormInstance, values: V, row: T | null) => (() => Promise<ApiAnswer<unknown>>) | null;
  remove: (row: T) => Promise<ApiAnswer<unknown>>;
  fields: ReactNode;
  toolbar?: ReactNode;
  /** Edits elsewhere (a page of its own) instead of the dialog. */
  onEdit?: (row: T | null) => void;
  modalWidth?: number;
  /** The dialog's titles: adding, editing. */
  dialogTitles: [string, string];
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [form] = Form.useForm<V>();
  const { save, saving } = useContentSave();
  const query = useQuery({ queryKey: contentKeys.admin(...(props.queryKey as string[]), page), queryFn: () => props.fetchPage(page), placeholderData: keepPreviousData });

  const open = (row: T | null) => {
    if (props.onEdit) return props.onEdit(row);
    form.resetFields();
    form.setFieldsValue(props.toForm(row) as Parameters<typeof form.setFieldsValue>[0]);
    setEditing({ row });
  };
  const submit = async () => {
    if (!editing) return;
    const send = props.submit(form, form.getFieldsValue(true) as V, editing.row);
    if (send) await save(send, () => setEditing(null));
  };

  const actions: TableColumnsType<T>[number] = {
    key: 'actions',
    title: t('content.admin.actions'),
    fixed: 'right',
    render: (_, row) => (
      <Space>
        <Button size="small" icon={<EditOutlined />} onClick={() => open(row)} data-testid={`${props.testId}-edit-${row.id}`}>
          {t('content.admin.edit')}
        </Button>
        <Popconfirm
          title={t('content.admin.deleteConfirm')}
          okText={t('content.admin.delete')}
          cancelText={t('content.admin.cancel')}
          onConfirm={() => save(() => props.remove(row))}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`${props.testId}-delete-${row.id}`}>
            {t('content.admin.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  };

  return (
    <div className="content-admin" data-testid={props.testId}>
      <div className="content-admin__head">
        <Typography.Title level={3}>{props.title}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid={`${props.testId}-add`}>
          {t('content.admin.add')}
        </Button>
      </div>
      {props.toolbar ? <div className="content-admin__toolbar">{props.toolbar}</div> : null}
      <Table<T>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        columns={[...props.columns, actions]}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? t('content.loadFailed') : t('content.admin.empty') }}
        onRow={(row) => ({ 'data-testid': `${props.testId}-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      <Modal
        open={editing !== null}
        title={editing?.row ? props.dialogTitles[1] : props.dialogTitles[0]}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('content.admin.save')}
        cancelText={t('content.admin.cancel')}
        confirmLoading={saving}
        width={props.modalWidth ?? 720}
        okButtonProps={{ 'data-testid': `${props.testId}-save` }}
        destroyOnHidden={false}
        forceRender
      >
        <Form form={form} layout="vertical" onValuesChange={clearErrorsOnChange(form)} data-testid={`${props.testId}-form`}>
          {props.fields}
        </Form>
      </Modal>
    </div>
  );
}
