from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.list_cycles_currency_type_1 import ListCyclesCurrencyType1
from ...models.list_cycles_currency_type_2_type_1 import ListCyclesCurrencyType2Type1
from ...models.list_cycles_currency_type_3_type_1 import ListCyclesCurrencyType3Type1
from ...models.settlement_cycle_list import SettlementCycleList
from ...models.settlement_cycle_status import SettlementCycleStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: SettlementCycleStatus | Unset = UNSET,
    currency: ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 | ListCyclesCurrencyType3Type1 | None | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_currency: None | str | Unset
    if isinstance(currency, Unset):
        json_currency = UNSET
    elif isinstance(currency, ListCyclesCurrencyType1):
        json_currency = currency.value
    elif isinstance(currency, ListCyclesCurrencyType2Type1):
        json_currency = currency.value
    elif isinstance(currency, ListCyclesCurrencyType3Type1):
        json_currency = currency.value
    else:
        json_currency = currency
    params["currency"] = json_currency

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/settlement_cycles",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | SettlementCycleList | None:
    if response.status_code == 200:
        response_200 = SettlementCycleList.from_dict(response.json())



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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | SettlementCycleList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: SettlementCycleStatus | Unset = UNSET,
    currency: ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 | ListCyclesCurrencyType3Type1 | None | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[ErrorBody | SettlementCycleList]:
    """ 
    Args:
        status (SettlementCycleStatus | Unset):
        currency (ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 |
            ListCyclesCurrencyType3Type1 | None | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SettlementCycleList]
     """


    kwargs = _get_kwargs(
        status=status,
currency=currency,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    status: SettlementCycleStatus | Unset = UNSET,
    currency: ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 | ListCyclesCurrencyType3Type1 | None | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> ErrorBody | SettlementCycleList | None:
    """ 
    Args:
        status (SettlementCycleStatus | Unset):
        currency (ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 |
            ListCyclesCurrencyType3Type1 | None | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SettlementCycleList
     """


    return sync_detailed(
        client=client,
status=status,
currency=currency,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: SettlementCycleStatus | Unset = UNSET,
    currency: ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 | ListCyclesCurrencyType3Type1 | None | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[ErrorBody | SettlementCycleList]:
    """ 
    Args:
        status (SettlementCycleStatus | Unset):
        currency (ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 |
            ListCyclesCurrencyType3Type1 | None | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SettlementCycleList]
     """


    kwargs = _get_kwargs(
        status=status,
currency=currency,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    status: SettlementCycleStatus | Unset = UNSET,
    currency: ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 | ListCyclesCurrencyType3Type1 | None | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> ErrorBody | SettlementCycleList | None:
    """ 
    Args:
        status (SettlementCycleStatus | Unset):
        currency (ListCyclesCurrencyType1 | ListCyclesCurrencyType2Type1 |
            ListCyclesCurrencyType3Type1 | None | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SettlementCycleList
     """


    return (await asyncio_detailed(
        client=client,
status=status,
currency=currency,
limit=limit,
cursor=cursor,

    )).parsed
