from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.payment_resolution import PaymentResolution
from ...models.resolution_currency_type_1 import ResolutionCurrencyType1
from ...models.resolution_currency_type_2_type_1 import ResolutionCurrencyType2Type1
from ...models.resolution_currency_type_3_type_1 import ResolutionCurrencyType3Type1
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    reference: str | Unset = UNSET,
    msisdn: str | Unset = UNSET,
    amount_minor: int | Unset = UNSET,
    currency: None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 | ResolutionCurrencyType3Type1 | Unset = UNSET,
    window_hours: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["reference"] = reference

    params["msisdn"] = msisdn

    params["amount_minor"] = amount_minor

    json_currency: None | str | Unset
    if isinstance(currency, Unset):
        json_currency = UNSET
    elif isinstance(currency, ResolutionCurrencyType1):
        json_currency = currency.value
    elif isinstance(currency, ResolutionCurrencyType2Type1):
        json_currency = currency.value
    elif isinstance(currency, ResolutionCurrencyType3Type1):
        json_currency = currency.value
    else:
        json_currency = currency
    params["currency"] = json_currency

    params["window_hours"] = window_hours


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/payment_resolution",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | PaymentResolution | None:
    if response.status_code == 200:
        response_200 = PaymentResolution.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | PaymentResolution]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    reference: str | Unset = UNSET,
    msisdn: str | Unset = UNSET,
    amount_minor: int | Unset = UNSET,
    currency: None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 | ResolutionCurrencyType3Type1 | Unset = UNSET,
    window_hours: int | Unset = UNSET,

) -> Response[ErrorBody | PaymentResolution]:
    """ 
    Args:
        reference (str | Unset):
        msisdn (str | Unset):
        amount_minor (int | Unset):
        currency (None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 |
            ResolutionCurrencyType3Type1 | Unset):
        window_hours (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PaymentResolution]
     """


    kwargs = _get_kwargs(
        reference=reference,
msisdn=msisdn,
amount_minor=amount_minor,
currency=currency,
window_hours=window_hours,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    reference: str | Unset = UNSET,
    msisdn: str | Unset = UNSET,
    amount_minor: int | Unset = UNSET,
    currency: None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 | ResolutionCurrencyType3Type1 | Unset = UNSET,
    window_hours: int | Unset = UNSET,

) -> ErrorBody | PaymentResolution | None:
    """ 
    Args:
        reference (str | Unset):
        msisdn (str | Unset):
        amount_minor (int | Unset):
        currency (None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 |
            ResolutionCurrencyType3Type1 | Unset):
        window_hours (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PaymentResolution
     """


    return sync_detailed(
        client=client,
reference=reference,
msisdn=msisdn,
amount_minor=amount_minor,
currency=currency,
window_hours=window_hours,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    reference: str | Unset = UNSET,
    msisdn: str | Unset = UNSET,
    amount_minor: int | Unset = UNSET,
    currency: None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 | ResolutionCurrencyType3Type1 | Unset = UNSET,
    window_hours: int | Unset = UNSET,

) -> Response[ErrorBody | PaymentResolution]:
    """ 
    Args:
        reference (str | Unset):
        msisdn (str | Unset):
        amount_minor (int | Unset):
        currency (None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 |
            ResolutionCurrencyType3Type1 | Unset):
        window_hours (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PaymentResolution]
     """


    kwargs = _get_kwargs(
        reference=reference,
msisdn=msisdn,
amount_minor=amount_minor,
currency=currency,
window_hours=window_hours,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    reference: str | Unset = UNSET,
    msisdn: str | Unset = UNSET,
    amount_minor: int | Unset = UNSET,
    currency: None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 | ResolutionCurrencyType3Type1 | Unset = UNSET,
    window_hours: int | Unset = UNSET,

) -> ErrorBody | PaymentResolution | None:
    """ 
    Args:
        reference (str | Unset):
        msisdn (str | Unset):
        amount_minor (int | Unset):
        currency (None | ResolutionCurrencyType1 | ResolutionCurrencyType2Type1 |
            ResolutionCurrencyType3Type1 | Unset):
        window_hours (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PaymentResolution
     """


    return (await asyncio_detailed(
        client=client,
reference=reference,
msisdn=msisdn,
amount_minor=amount_minor,
currency=currency,
window_hours=window_hours,

    )).parsed
