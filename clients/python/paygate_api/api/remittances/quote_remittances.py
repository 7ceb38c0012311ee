from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.quote_remittances_currency_type_1 import QuoteRemittancesCurrencyType1
from ...models.quote_remittances_currency_type_2_type_1 import QuoteRemittancesCurrencyType2Type1
from ...models.quote_remittances_currency_type_3_type_1 import QuoteRemittancesCurrencyType3Type1
from ...models.remittance_quote_view import RemittanceQuoteView
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    amount_minor: int,
    currency: None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 | QuoteRemittancesCurrencyType3Type1 | Unset = UNSET,
    target_currency: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["amount_minor"] = amount_minor

    json_currency: None | str | Unset
    if isinstance(currency, Unset):
        json_currency = UNSET
    elif isinstance(currency, QuoteRemittancesCurrencyType1):
        json_currency = currency.value
    elif isinstance(currency, QuoteRemittancesCurrencyType2Type1):
        json_currency = currency.value
    elif isinstance(currency, QuoteRemittancesCurrencyType3Type1):
        json_currency = currency.value
    else:
        json_currency = currency
    params["currency"] = json_currency

    params["target_currency"] = target_currency


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/remittances/quote",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | RemittanceQuoteView | None:
    if response.status_code == 200:
        response_200 = RemittanceQuoteView.from_dict(response.json())



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

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | RemittanceQuoteView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    amount_minor: int,
    currency: None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 | QuoteRemittancesCurrencyType3Type1 | Unset = UNSET,
    target_currency: str | Unset = UNSET,

) -> Response[ErrorBody | RemittanceQuoteView]:
    """ The origin's remittance quote: the fee (100 bps on top), the rate (mid
    less margin) and what the recipient gets; nothing is locked or written.

    Args:
        amount_minor (int):
        currency (None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 |
            QuoteRemittancesCurrencyType3Type1 | Unset):
        target_currency (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RemittanceQuoteView]
     """


    kwargs = _get_kwargs(
        amount_minor=amount_minor,
currency=currency,
target_currency=target_currency,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    amount_minor: int,
    currency: None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 | QuoteRemittancesCurrencyType3Type1 | Unset = UNSET,
    target_currency: str | Unset = UNSET,

) -> ErrorBody | RemittanceQuoteView | None:
    """ The origin's remittance quote: the fee (100 bps on top), the rate (mid
    less margin) and what the recipient gets; nothing is locked or written.

    Args:
        amount_minor (int):
        currency (None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 |
            QuoteRemittancesCurrencyType3Type1 | Unset):
        target_currency (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RemittanceQuoteView
     """


    return sync_detailed(
        client=client,
amount_minor=amount_minor,
currency=currency,
target_currency=target_currency,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    amount_minor: int,
    currency: None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 | QuoteRemittancesCurrencyType3Type1 | Unset = UNSET,
    target_currency: str | Unset = UNSET,

) -> Response[ErrorBody | RemittanceQuoteView]:
    """ The origin's remittance quote: the fee (100 bps on top), the rate (mid
    less margin) and what the recipient gets; nothing is locked or written.

    Args:
        amount_minor (int):
        currency (None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 |
            QuoteRemittancesCurrencyType3Type1 | Unset):
        target_currency (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RemittanceQuoteView]
     """


    kwargs = _get_kwargs(
        amount_minor=amount_minor,
currency=currency,
target_currency=target_currency,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    amount_minor: int,
    currency: None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 | QuoteRemittancesCurrencyType3Type1 | Unset = UNSET,
    target_currency: str | Unset = UNSET,

) -> ErrorBody | RemittanceQuoteView | None:
    """ The origin's remittance quote: the fee (100 bps on top), the rate (mid
    less margin) and what the recipient gets; nothing is locked or written.

    Args:
        amount_minor (int):
        currency (None | QuoteRemittancesCurrencyType1 | QuoteRemittancesCurrencyType2Type1 |
            QuoteRemittancesCurrencyType3Type1 | Unset):
        target_currency (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RemittanceQuoteView
     """


    return (await asyncio_detailed(
        client=client,
amount_minor=amount_minor,
currency=currency,
target_currency=target_currency,

    )).parsed
