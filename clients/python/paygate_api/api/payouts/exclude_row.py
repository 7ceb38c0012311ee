from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.batch_view import BatchView
from ...models.error_body import ErrorBody
from ...models.exclude_row import ExcludeRow
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    row: int,
    *,
    body: ExcludeRow,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/payouts/batches/{id}/rows/{row}/exclude".format(id=quote(str(id), safe=""),row=quote(str(row), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BatchView | ErrorBody | None:
    if response.status_code == 200:
        response_200 = BatchView.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())



        return response_422

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BatchView | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    row: int,
    *,
    client: AuthenticatedClient,
    body: ExcludeRow,
    idempotency_key: str | Unset = UNSET,

) -> Response[BatchView | ErrorBody]:
    """ 
    Args:
        id (str):
        row (int):
        idempotency_key (str | Unset):
        body (ExcludeRow):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchView | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
row=row,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    row: int,
    *,
    client: AuthenticatedClient,
    body: ExcludeRow,
    idempotency_key: str | Unset = UNSET,

) -> BatchView | ErrorBody | None:
    """ 
    Args:
        id (str):
        row (int):
        idempotency_key (str | Unset):
        body (ExcludeRow):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchView | ErrorBody
     """


    return sync_detailed(
        id=id,
row=row,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    row: int,
    *,
    client: AuthenticatedClient,
    body: ExcludeRow,
    idempotency_key: str | Unset = UNSET,

) -> Response[BatchView | ErrorBody]:
    """ 
    Args:
        id (str):
        row (int):
        idempotency_key (str | Unset):
        body (ExcludeRow):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchView | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
row=row,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    row: int,
    *,
    client: AuthenticatedClient,
    body: ExcludeRow,
    idempotency_key: str | Unset = UNSET,

) -> BatchView | ErrorBody | None:
    """ 
    Args:
        id (str):
        row (int):
        idempotency_key (str | Unset):
        body (ExcludeRow):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchView | ErrorBody
     """


    return (await asyncio_detailed(
        id=id,
row=row,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
